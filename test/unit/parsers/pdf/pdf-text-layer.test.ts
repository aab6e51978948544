import { describe, expect, it } from 'vitest';
import type { ParsedDocument } from '../../../../src/core/parse/types';
import { parsePdfInProcess } from '../../../../src/adapters/parsers/pdf/parse-pdf';
import { allText, failureReason, pageText, readPdf } from './pdf-fixtures';

// Text-layer behaviour on real files, in process and with OCR off (OCR has its own test file).
const parse = (name: string, password?: string): Promise<ParsedDocument> => parsePdfInProcess(readPdf(name), { ocr: false, password });

describe('PDF text layer: reading order and paragraphs', () => {
  it('reads the two-column tracemonkey paper column by column, with sentences whole across line breaks', async () => {
    const doc = await parse('tracemonkey.pdf');
    expect(doc.pages).toBe(14);
    expect(doc.blocks.every((b) => typeof b.page === 'number' && b.page >= 1 && b.page <= 14)).toBe(true);
    const page1 = pageText(doc, 1);
    // Each sentence runs over two to four lines of the left column, with hyphenation at line ends
    // ("com-pile", "al-ternative", "ac-tual"); interleaving with the right column would break it.
    expect(page1).toContain('Dynamic languages such as JavaScript are more difficult to compile than statically typed ones.');
    expect(page1).toContain(
      'We present an alternative compilation technique for dynamically-typed languages that identifies frequently executed loop traces at run-time and then generates machine code on the fly that is specialized for the actual dynamic types occurring on each path through the loop.',
    );
    const page2 = pageText(doc, 2);
    // Beside this sentence the right column holds Figure 1's code.
    expect(page2).toContain(
      'Hence, recording and compiling a trace speculates that the path and typing will be exactly as they were during recording for subsequent iterations of the loop.',
    );
    expect(page2).toContain('These techniques allow a VM to dynamically translate a program to nested, type-specialized trace trees.');
    // The left column is read before the right one.
    expect(page1.indexOf('Dynamic languages such as JavaScript')).toBeLessThan(page1.indexOf('Compilers for statically typed languages rely on type information'));
  });

  it('puts each paragraph on the page it is printed on', async () => {
    const doc = await parse('tracemonkey.pdf');
    const onPage = (phrase: string): number | undefined => doc.blocks.find((b) => b.text.includes(phrase))?.page;
    expect(onPage('Every compiled trace contains all the guards (checks) required to validate the speculation.')).toBe(2);
    expect(onPage('TraceMonkey always begins executing a program in the bytecode interpreter.')).toBe(2);
    expect(onPage('9. Conclusions')).toBe(13);
    const kids = await parse('pdkids.pdf');
    expect(kids.blocks.find((b) => b.text.includes('she advanced into the bog'))?.page).toBe(2);
  });

  it("drops chart labels whose font maps to the wrong characters, and keeps the page's prose", async () => {
    // Figure 12's labels on page 13 extract (in pdftotext too) as "=<6>?J+B:F>*:</+>?7-<#0(1923#".
    const page13 = pageText(await parse('tracemonkey.pdf'), 13);
    expect(page13).not.toMatch(/#0\(1923#|=<6>\?J/u);
    expect(page13).toContain('Figure 12. Fraction of time spent on major VM activities.');
    expect(page13).toContain('9. Conclusions');
  });

  it('joins hanging-indent references into one paragraph each', async () => {
    const doc = await parse('tracemonkey.pdf');
    expect(pageText(doc, 14)).toContain(
      '[7] V. Bala, E. Duesterwald, and S. Banerjia. Dynamo: A transparent dynamic optimization system. In Proceedings of the ACM SIGPLAN Conference on Programming Language Design and Implementation, pages 1–12. ACM Press, 2000.',
    );
  });

  it('reads a rotated (landscape) page in its own orientation', async () => {
    const doc = await parse('rotation.pdf');
    expect(pageText(doc, 2)).toBe('This is my second page. It will have a landscape layout. Second line here.');
  });
});

describe('PDF text layer: Unicode and spacing repairs', () => {
  it('turns ligatures and the long s into plain letters (NFKC)', async () => {
    const text = allText(await parse('copy_paste_ligatures.pdf'));
    expect(text).toBe('abcdeffffiflffifflststghijklmno');
    expect(text).not.toMatch(/[\uFB00-\uFB06\u017F]/u);
  });

  it('normalises Arabic presentation forms to base letters', async () => {
    const text = allText(await parse('ArabicCIDTrueType.pdf'));
    expect(text).toContain('العربية');
    // "الخطوط" is drawn with the lam-khah ligature: decomposed before bidi reordering it would read "اخلطوط".
    expect(text).toContain('انواع الخطوط العربية');
    expect(text).not.toMatch(/[\uFB50-\uFDFF\uFE70-\uFEFF]/u);
  });

  it("repairs a font that draws spaces as '#' (pr12564)", async () => {
    const text = allText(await parse('pr12564.pdf'));
    expect(text).toContain('1101 Strayer Drive * San Jose, CA 95129');
    expect(text).toContain('Attendance Line: (408)');
    expect(text).not.toContain('Strayer#Drive');
    // The same page's other fonts were left alone.
    expect(text).toContain('We are currently experiencing the impact of a severe statewide substitute teacher shortage');
  });

  it('keeps a readable CJK text layer (XiaoBiaoSong) and emits no mojibake', async () => {
    // pdf.js 5 maps this font correctly: the page is a table of contents in Chinese. The quality
    // check must accept it as is (no OCR: Chinese OCR data is not installed anyway).
    const doc = await parse('XiaoBiaoSong.pdf');
    const text = allText(doc);
    expect(text).toContain('关于红军作战的原则');
    expect(text).toContain('(一九三七年八月一日)');
    expect(doc.blocks.every((b) => !/[\uFFFD\p{Co}\p{Cc}]/u.test(b.text))).toBe(true);
    expect(doc.blocks.some((b) => b.ocr)).toBe(false);
  });

  it('reads vertical Japanese text and reports its blank pages', async () => {
    const doc = await parse('vertical.pdf');
    expect(pageText(doc, 1)).toContain('あいうえお');
    expect(doc.warnings.join('\n')).toMatch(/pages 2, 3: no text/u);
  });
});

describe('PDF text layer: unreadable layers are not passed on', () => {
  it('drops the glyph-id text of TAMReview pages 2–22 and says OCR is needed', async () => {
    const doc = await parse('TAMReview.pdf');
    expect(doc.title).toBe('Overview of the Technology Acceptance Model: Origins, Developments and Future Directions');
    expect(pageText(doc, 1)).toContain('User acceptance of technology has been an important field of study for over two decades now.');
    expect(doc.blocks.some((b) => b.page !== undefined && b.page >= 2 && b.page <= 22)).toBe(false);
    expect(doc.blocks.every((b) => !/\p{Cc}/u.test(b.text))).toBe(true);
    expect(doc.warnings.join('\n')).toContain('pages 2–22: no readable text layer, and OCR is turned off');
  });

  it('treats a Cyrillic scan whose hidden OCR layer spells Russian with Latin letters as unreadable', async () => {
    expect(await failureReason(parse('issue12963.pdf'))).toBe('no_text_found');
  });
});

describe('PDF text layer: titles', () => {
  it('uses sensible metadata titles and ignores file names', async () => {
    expect((await parse('canvas.pdf')).title).toBe('HTML5 Canvas Cheat Sheet');
    expect((await parse('pdfjs_wikipedia.pdf')).title).toBe('PDF.js - Wikipedia');
    // "Microsoft Word - 102314.docx" and "Microsoft Word - Document1" name files, not documents.
    expect((await parse('pr12564.pdf')).title).toBeNull();
    expect((await parse('rotation.pdf')).title).toBeNull();
    expect((await parse('helloworld-bad.pdf')).title).toBeNull();
  });
});

describe('PDF: encryption', () => {
  it('opens a file protected with an empty user password without asking', async () => {
    // empty_protected.pdf opens; its one page is blank, so the parse ends in no_text_found.
    expect(await failureReason(parse('empty_protected.pdf'))).toBe('no_text_found');
  });

  it('asks for a password, rejects a wrong one, and opens with the right one', async () => {
    expect(await failureReason(parse('issue6010_1.pdf'))).toBe('password_required');
    expect(await failureReason(parse('issue6010_1.pdf', 'wrong'))).toBe('wrong_password');
    expect(allText(await parse('issue6010_1.pdf', 'abc'))).toContain('Issue 6010');
    expect(await failureReason(parse('bug1782186.pdf'))).toBe('password_required');
    expect(await failureReason(parse('bug1782186.pdf', 'hello'))).toBe('wrong_password');
    // The right password opens it; the page only draws an ellipse, so there is no text.
    expect(await failureReason(parse('bug1782186.pdf', 'Hello'))).toBe('no_text_found');
  });

  it('applies SASLprep to AES-256 (revision 6) passwords', async () => {
    // The published password has a feminine ordinal and a soft hyphen; the file's key was made
    // from the prepared form "SaSLprep", which pdf.js alone does not derive.
    expect(allText(await parse('saslprep-r6.pdf', 'S\u00AASL\u00ADprep'))).toBe('Hello pdf.js world');
    expect(allText(await parse('saslprep-r6.pdf', 'SaSLprep'))).toBe('Hello pdf.js world');
    expect(await failureReason(parse('saslprep-r6.pdf', 'SASLprep'))).toBe('wrong_password');
  });
});

describe('PDF: malformed files', () => {
  it('recovers files with broken cross-reference tables', async () => {
    expect(allText(await parse('helloworld-bad.pdf'))).toBe('Hello, world!');
    expect(allText(await parse('xref_command_missing.pdf'))).toBe('Reduced test-case');
  });

  it('fails cleanly on a file without a usable root', async () => {
    expect(await failureReason(parse('REDHAT-1531897-0.pdf'))).toBe('malformed');
  });

  it('survives a page-tree loop: the reachable page is read, the looping one is reported', async () => {
    const doc = await parse('Pages-tree-refs.pdf');
    expect(pageText(doc, 1)).toContain('Pages loop');
    expect(doc.warnings.join('\n')).toMatch(/page 2: could not be read \(Pages tree contains circular reference\)/u);
  });

  it('reads the text of a JBIG2 bomb without decoding the bomb', async () => {
    const started = Date.now();
    const doc = await parse('bomb_giant.pdf');
    expect(allText(doc)).toContain('GIANT JBIG2 BOMB');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('rejects bytes that are not a PDF', async () => {
    expect(await failureReason(parsePdfInProcess(new TextEncoder().encode('just some text'), { ocr: false }))).toBe('malformed');
  });
});
