import { describe, expect, it } from 'vitest';
import { readingOrder } from '../../../../src/adapters/parsers/pdf/columns';
import { appendLine, collectVocabulary, shouldJoinHyphenated } from '../../../../src/adapters/parsers/pdf/dehyphenate';
import { buildFragments } from '../../../../src/adapters/parsers/pdf/fragments';
import { isGlyphNoise } from '../../../../src/adapters/parsers/pdf/glyph-noise';
import type { TextRun } from '../../../../src/adapters/parsers/pdf/layout-types';
import { sensibleTitle } from '../../../../src/adapters/parsers/pdf/metadata-title';
import { normalizeText } from '../../../../src/adapters/parsers/pdf/normalize-text';
import { describePages } from '../../../../src/adapters/parsers/pdf/page-list';
import { paragraphsOf } from '../../../../src/adapters/parsers/pdf/paragraphs';
import { saslprep } from '../../../../src/adapters/parsers/pdf/saslprep';
import { repairSpaceSubstitutes } from '../../../../src/adapters/parsers/pdf/space-substitutes';
import { acceptableOcrText, measureText, verdictOf } from '../../../../src/adapters/parsers/pdf/text-quality';

// The text logic on hand-made pages, where every expected answer is known exactly.

const SIZE = 10;
const CHAR_WIDTH = 5;

function run(text: string, x: number, y: number, fontName = 'F1'): TextRun {
  return { text, x, y, width: text.length * CHAR_WIDTH, size: SIZE, fontName, rtl: false };
}

/** A column of prose: `lines` lines starting at (x, y), one run per line. */
function column(lines: string[], x: number, y: number): TextRun[] {
  return lines.map((text, i) => run(text, x, y + i * 12));
}

const LEFT = [
  'The left column starts here and its first sentence',
  'continues on the second line of the left column and',
  'ends on the third line of the left column, as prose',
  'does. Another sentence fills the fourth line and',
  'the fifth line of the left column to make it tall.',
  'A sixth line keeps the left column going down the',
  'page so that it is clearly a column of prose text.',
];
const RIGHT = [
  'Meanwhile the right column tells a different story',
  'that must never be mixed into the left one, even',
  'though its lines sit on exactly the same baselines',
  'as the lines of the left column next to it on the',
  'page. Its sentences continue down the right column',
  'for as many lines as the left column has, which is',
  'what a two-column paper looks like to a text layer.',
];

function text(runs: TextRun[]): string {
  const regions = readingOrder(buildFragments(runs));
  const vocabulary = collectVocabulary([]);
  return regions.flatMap((r) => paragraphsOf(r, vocabulary)).join('\n');
}

describe('reading order', () => {
  it('reads two columns one after the other even when their baselines coincide', () => {
    const out = text([...column(LEFT, 50, 100), ...column(RIGHT, 330, 100)]);
    expect(out).toContain('The left column starts here and its first sentence continues on the second line of the left column and ends');
    expect(out).toContain('Meanwhile the right column tells a different story that must never be mixed into the left one');
    expect(out.indexOf('to make it tall')).toBeLessThan(out.indexOf('Meanwhile'));
  });

  it('reads a full-width title first, then the columns beneath it', () => {
    const title = run('A Title That Spans Both Columns Of The Page Below It', 150, 60);
    const out = text([title, ...column(LEFT, 50, 100), ...column(RIGHT, 330, 100)]);
    expect(out.indexOf('A Title That Spans')).toBe(0);
    expect(out.indexOf('The left column')).toBeLessThan(out.indexOf('Meanwhile'));
  });

  it('keeps a label/value form row by row instead of splitting it into columns', () => {
    const rows = ['Name', 'Street', 'City', 'Country', 'Phone', 'Email'].flatMap((label, i) => [
      run(label, 50, 100 + i * 14),
      run(`value ${i + 1}`, 330, 100 + i * 14),
    ]);
    expect(text(rows)).toContain('Name value 1');
  });

  it('inserts a space where pdf.js left a word gap without one, and none inside a word', () => {
    const runs = [run('Hello', 50, 100), { ...run('world', 50 + 5 * CHAR_WIDTH + 3, 100) }, run('!', 50 + 10 * CHAR_WIDTH + 3, 100)];
    expect(text(runs)).toBe('Hello world!');
  });

  it('merges superscripts into their line', () => {
    const runs = [run('Andreas Gal', 50, 100), { ...run('*', 50 + 11 * CHAR_WIDTH, 96), size: 6, width: 3 }, run(', Brendan Eich', 50 + 11 * CHAR_WIDTH + 3, 100)];
    expect(text(runs)).toBe('Andreas Gal*, Brendan Eich');
  });
});

describe('line-end hyphenation', () => {
  const vocabulary = collectVocabulary(['a trace-based compiler', 'the implementation works']);

  it('joins a word broken across lines', () => {
    expect(appendLine('a naive imple-', 'mentation of it', new Set())).toBe('a naive implementation of it');
    expect(appendLine('is more difficult to com-', 'pile than', new Set())).toBe('is more difficult to compile than');
  });

  it('keeps the hyphen of a compound the document spells with one', () => {
    expect(appendLine('we use a trace-', 'based approach', vocabulary)).toBe('we use a trace-based approach');
    expect(shouldJoinHyphenated('imple', 'mentation', vocabulary)).toBe(true);
    expect(shouldJoinHyphenated('self', 'contained', new Set())).toBe(false);
  });

  it('keeps the hyphen before a capital unless the document writes the word joined', () => {
    expect(appendLine('the tracing VM Trace-', 'Monkey', new Set())).toBe('the tracing VM Trace-Monkey');
    expect(appendLine('the tracing VM Trace-', 'Monkey', new Set(['tracemonkey']))).toBe('the tracing VM TraceMonkey');
  });

  it('joins broken URLs and number ranges without a space', () => {
    expect(appendLine('http://lua-users.org/lists/lua-l/2008-', '02/msg00051.html', new Set())).toBe('http://lua-users.org/lists/lua-l/2008-02/msg00051.html');
    expect(appendLine('pages 10–', '20', new Set())).toBe('pages 10–20');
  });

  it('joins CJK lines without a space', () => {
    expect(appendLine('关于红军', '作战的原则', new Set())).toBe('关于红军作战的原则');
  });
});

describe('space substitutes', () => {
  it("turns a font's '#' back into spaces, leaving other fonts alone", () => {
    const runs = [
      run('1101#Strayer#Drive#*#San#Jose,#CA##95129#*#(408)#253=2850#', 0, 0, 'F2'),
      run('Attendance#Line:#(408)#253=2850#ext.#6#', 0, 12, 'F2'),
      run('Call us about issue #5 or #6 in C# today, please', 0, 24, 'F3'),
    ];
    const { runs: fixed, repaired } = repairSpaceSubstitutes(runs);
    expect(repaired).toEqual(['#']);
    expect(fixed[0]?.text).toContain('1101 Strayer Drive * San Jose, CA  95129');
    expect(fixed[2]?.text).toBe('Call us about issue #5 or #6 in C# today, please');
  });

  it('does not mistake CJK brackets for spaces', () => {
    const runs = Array.from({ length: 6 }, (_, i) => run(`（一九三七年八月${i}日）`, 0, i * 12, 'F2'));
    expect(repairSpaceSubstitutes(runs).repaired).toEqual([]);
  });
});

describe('text quality', () => {
  it('accepts prose, forms and CJK; rejects glyph ids and Latin-spelled Cyrillic OCR noise', () => {
    expect(verdictOf(measureText('Dynamic languages such as JavaScript are more difficult to compile than statically typed ones.'))).toBe('readable');
    expect(verdictOf(measureText('Name Type Default width unsigned long 300 height unsigned long 150 globalAlpha float 1.0'))).toBe('readable');
    expect(verdictOf(measureText('关于红军作战的原则 一九三七年八月一日 对国防问题的意见'))).toBe('readable');
    expect(verdictOf(measureText('pdf.js'))).toBe('readable');
    expect(verdictOf(measureText('\u0002\u0003\u0004\u0005\u0003\u0006\u0004\u0007\b \u0004\b \u0004\u000e \u000f \u0010 \u0011\u0012\b\u0013\u000e\u000e'))).toBe('garbage');
    const cyrillicAsLatin =
      'CyMMa Hanora (aeaHcoeoro nnaTe>Ka no Hanory), ynna"\'liiBaeMoro B CB~3lil c npliiMeHeHlileM ynpo111eHHOali CliiCTeMbl Hanoroo6no>KeHlil~ ' +
      'noKaJamenu nplii3HaK HanoronnaTeilbiJ.II!IKa Hanoronnarenb1.111t1K npolt13BOAHL.L11t1~ BbmnaTbl lt1Hble B03Harpa)l4:leHit1H cj:Jit131t14eCKit1M';
    expect(verdictOf(measureText(cyrillicAsLatin))).toBe('garbage');
    expect(verdictOf(measureText(''))).toBe('empty');
  });

  it('holds OCR output to a higher bar than a text layer', () => {
    expect(acceptableOcrText(measureText('User acceptance of technology has been an important field of study for over two decades now.'))).toBe(true);
    expect(acceptableOcrText(measureText('Koa no OKTMO 010 CyMMma aBaHCOBOrO Nnartexa K ynnare no cpoky He nosgHee Koa no OKTMO 060'))).toBe(false);
  });
});

describe('small pieces', () => {
  it('normalises ligatures, presentation forms, full-width digits and TeX accents', () => {
    expect(normalizeText('o\uFB03ce \uFB01le \uFB05 \u017Fo')).toBe('office file st so');
    expect(normalizeText('\uFE8D\uFEDF\uFECC\uFEAE\uFE91\uFEF4\uFE94')).toBe('العربية');
    expect(normalizeText('\uFF11\uFF12')).toBe('12');
    expect(normalizeText('a na\u00A8\u0131ve caf\u00B4e')).toBe('a naïve café');
    expect(normalizeText('soft\u00ADhyphen zero\u200Bwidth')).toBe('softhyphen zerowidth');
  });

  it('prepares passwords with SASLprep', () => {
    expect(saslprep('S\u00AASL\u00ADprep')).toBe('SaSLprep');
    expect(saslprep('a\u00A0b\u200Bc')).toBe('a bc');
    expect(saslprep('plain')).toBe('plain');
  });

  it('accepts real titles and rejects file names', () => {
    expect(sensibleTitle('Overview of the Technology Acceptance Model: Origins, Developments and Future Directions\r\n')).toBe(
      'Overview of the Technology Acceptance Model: Origins, Developments and Future Directions',
    );
    expect(sensibleTitle('Microsoft Word - 102314.docx')).toBeNull();
    expect(sensibleTitle('Microsoft Word - Document1')).toBeNull();
    expect(sensibleTitle('untitled')).toBeNull();
    expect(sensibleTitle('')).toBeNull();
    expect(sensibleTitle(undefined)).toBeNull();
  });

  it('lists pages compactly', () => {
    expect(describePages([3])).toBe('page 3');
    expect(describePages([2, 3])).toBe('pages 2, 3');
    expect(describePages([2, 3, 4, 5, 9])).toBe('pages 2–5, 9');
  });
});

describe('glyph noise', () => {
  it('tells mis-mapped glyph runs from maths, code, phone numbers and timetables', () => {
    expect(isGlyphNoise('=<6>?J+B:F>*:</+>?7-<#0(1923#')).toBe(true);
    expect(isGlyphNoise('4:<8+7:6I:F+=-4=#0C1923# ,6;7<5+=8:(#0C1923#')).toBe(true);
    for (const line of ['c = √a2 + b2', '1 2 6 ∑ 2 = π n', 'a[i] = b[j] + c[k];', 'for (i = 0; i < n; i++) {', '(408) 253=2850', '12:35 12:40 13:05', '$10.00 + $12.50']) {
      expect(isGlyphNoise(line), line).toBe(false);
    }
  });
});
