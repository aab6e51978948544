/**
 * What uploading each shared test file (../shared/data/pdf, csv, markdown) must give: completed,
 * with passages a reader can find again on the right page / row / under the right heading, or
 * failed with the reason a person is told. The passages were read off the files themselves
 * (pdftotext, a CSV reader, the Markdown source), not off this project's parser output; the
 * README's table of outcomes is this table in prose.
 */
import type { ParseFailureReason } from '../../src/core/parse/types';

export interface Passage {
  /** Text the document must contain, whole, in one chunk (whitespace compared loosely). */
  text: string;
  /** The question sent to find it, when the passage itself is a poor query. */
  query?: string;
  page?: number;
  row?: number;
  /** The chunk's full heading path. */
  section?: string;
}

interface Case {
  /** The file under ../shared/data. */
  path: string;
  /** Sent as the `password` form field. */
  password?: string;
  /** What the README says about the outcome. */
  note: string;
}

interface Completed {
  outcome: 'completed';
  title?: string;
  passages: Passage[];
  /** Pages read by OCR (the document's metadata.ocr_pages); none when absent. */
  ocrPages?: number[];
  /** A warning the document's metadata must carry. */
  warning?: RegExp;
}

export type CorpusCase = Case & (Completed | { outcome: 'failed'; reason: ParseFailureReason; message: RegExp });

const NO_PASSWORD = /encrypted and needs a password/u;

export const CORPUS: CorpusCase[] = [
  // First: the OCR-heavy files, so the long ones overlap with the rest of the queue.
  {
    path: 'pdf/TAMReview.pdf',
    outcome: 'completed',
    title: 'Overview of the Technology Acceptance Model: Origins, Developments and Future Directions',
    note: '23 pages: pages 1 and 23 from the text layer, pages 2–22 (glyph ids, no Unicode map) by OCR',
    ocrPages: Array.from({ length: 21 }, (_, i) => i + 2),
    passages: [
      { text: 'User acceptance of technology has been an important field of study for over two decades now.', page: 1 },
      {
        text: 'Hendrickson, Massey and Cronan (1993) further tested the reliability of the scale items used to measure perceived ease of use and perceived usefulness in TAM.',
        page: 12,
      },
      { text: 'Computer anxiety', query: 'Computer anxiety apprehension fear of using computers', page: 22 },
      { text: 'Roetersstraat 11', query: 'Sprouts University of Amsterdam Roetersstraat', page: 23 },
    ],
  },
  {
    path: 'pdf/issue12963.pdf',
    outcome: 'failed',
    reason: 'no_text_found',
    message: /pages 1–8: text layer unreadable and OCR \(eng\) found no readable text/u,
    note: 'Russian form whose hidden OCR layer spells Cyrillic with Latin letters; English OCR finds no words either (no Russian OCR data is installed)',
  },
  {
    path: 'pdf/scanned-tamreview-p1.pdf',
    outcome: 'completed',
    note: 'image-only scan: title, authors and abstract by OCR',
    ocrPages: [1],
    warning: /page 1: no text layer, read by OCR \(eng\)/u,
    passages: [
      { text: 'Overview of the Technology Acceptance Model: Origins, Developments and Future Directions', page: 1 },
      { text: 'Mohammad Chuttur Indiana University, USA', page: 1 },
      { text: 'User acceptance of technology has been an important field of study for over two decades now.', page: 1 },
      {
        text: 'Although many models have been proposed to explain and predict the use of a system, the Technology Acceptance Model has been the only one which has captured the most attention of the Information Systems community.',
        page: 1,
      },
    ],
  },
  {
    path: 'pdf/issue5549.pdf',
    outcome: 'failed',
    reason: 'no_text_found',
    message: /page 1: image without readable text/u,
    note: 'a photo without text: OCR finds nothing',
  },
  {
    path: 'pdf/tracemonkey.pdf',
    outcome: 'completed',
    note: '14-page two-column paper, read column by column',
    passages: [
      { text: 'Trace-based Just-in-Time Type Specialization for Dynamic Languages', query: 'Trace-based Just-in-Time Type Specialization by Andreas Gal and Brendan Eich', page: 1 },
      { text: 'Dynamic languages such as JavaScript are more difficult to compile than statically typed ones.', page: 1 },
      { text: 'Transitions from a trace to a branch trace at a side exit avoid the costs of calling traces from the monitor, in a feature called trace stitching.', page: 9 },
    ],
  },
  {
    path: 'pdf/pdkids.pdf',
    outcome: 'completed',
    note: '55 pages of stories',
    passages: [
      { text: 'The Buried Moon', query: 'The Buried Moon an English fairy tale', page: 1 },
      { text: 'she advanced into the bog', query: 'she advanced into the bog', page: 2 },
      { text: 'but the Pot of Gold under her hand was still there, and shining brighter than ever.', page: 30 },
      { text: 'PD KIDS was compiled by BellonaTimes from public domain texts found in Project Gutenberg and Archive.org.', page: 55 },
    ],
  },
  {
    path: 'pdf/160F-2019.pdf',
    outcome: 'completed',
    note: 'French form: labels with accents',
    passages: [{ text: "Certificat de salaire, de retenue d'impôt et de crédits d'impôt", page: 1 }],
  },
  {
    path: 'pdf/ArabicCIDTrueType.pdf',
    outcome: 'completed',
    note: 'Arabic: presentation forms and ligatures turned into base letters in logical order',
    passages: [{ text: 'انواع الخطوط العربية', page: 1 }],
  },
  {
    path: 'pdf/Pages-tree-refs.pdf',
    outcome: 'completed',
    note: 'page-tree loop: page 1 read, the looping page 2 skipped with a warning',
    warning: /page 2: could not be read \(Pages tree contains circular reference\)/u,
    passages: [{ text: 'Pages loop', page: 1 }],
  },
  {
    path: 'pdf/REDHAT-1531897-0.pdf',
    outcome: 'failed',
    reason: 'malformed',
    message: /could not be read: Invalid Root reference/u,
    note: 'fuzzed file without a usable root',
  },
  {
    path: 'pdf/XiaoBiaoSong.pdf',
    outcome: 'completed',
    note: 'Chinese table of contents (pdf.js 5 maps its font correctly)',
    passages: [{ text: '关于红军作战的原则', page: 1 }],
  },
  {
    path: 'pdf/bomb_giant.pdf',
    outcome: 'completed',
    note: 'JBIG2 bomb: its text is read, the giant image never decoded',
    passages: [{ text: 'GIANT JBIG2 BOMB', page: 1 }],
  },
  {
    path: 'pdf/bug1782186.pdf',
    outcome: 'failed',
    reason: 'password_required',
    message: NO_PASSWORD,
    note: 'encrypted (RC4/AES, V4)',
  },
  {
    path: 'pdf/bug1782186.pdf',
    password: 'Hello',
    outcome: 'failed',
    reason: 'no_text_found',
    message: /no readable text/u,
    note: 'with the password: opens, but its page only draws an ellipse',
  },
  {
    path: 'pdf/bug1937438_from_word.pdf',
    outcome: 'completed',
    note: 'tagged Word export with an equation',
    passages: [{ text: 'Here’s a simple formula to compute the square of π', page: 1 }],
  },
  {
    path: 'pdf/bug1937438_mml_from_latex.pdf',
    outcome: 'completed',
    note: 'LaTeX with maths',
    passages: [{ text: 'Some inline mathematics involving x ∈ R.', page: 1 }],
  },
  {
    path: 'pdf/canvas.pdf',
    outcome: 'completed',
    title: 'HTML5 Canvas Cheat Sheet',
    note: 'dense multi-column cheat sheet',
    passages: [
      { text: 'Argument "image" can be of type HTMLImageElement, HTMLCanvasElement or HTMLVideoElement', query: 'drawImage HTMLVideoElement', page: 1 },
      { text: 'TextMetrics measureText( string text)', page: 2 },
    ],
  },
  {
    path: 'pdf/chrome-text-selection-markedContent.pdf',
    outcome: 'completed',
    note: 'equity research note with finance tables',
    passages: [{ text: 'We reiterate our EUR 8.00 target price and Accumulate recommendation for Kreate following the Q4 report.', page: 1 }],
  },
  {
    path: 'pdf/copy_paste_ligatures.pdf',
    outcome: 'completed',
    note: 'ligature glyphs come out as plain letters',
    passages: [{ text: 'abcdeffffiflffifflststghijklmno', page: 1 }],
  },
  {
    path: 'pdf/empty_protected.pdf',
    outcome: 'failed',
    reason: 'no_text_found',
    message: /no readable text/u,
    note: 'opens with the empty user password, but its one page is blank',
  },
  {
    path: 'pdf/helloworld-bad.pdf',
    outcome: 'completed',
    note: 'broken xref table, recovered',
    passages: [{ text: 'Hello, world!', page: 1 }],
  },
  {
    path: 'pdf/issue11913.pdf',
    outcome: 'completed',
    note: 'Supreme Court judgment',
    passages: [{ text: 'The first of these cases arises from the tragic handicap which has blighted the life of the Plaintiff', page: 1 }],
  },
  {
    path: 'pdf/issue6010_1.pdf',
    outcome: 'failed',
    reason: 'password_required',
    message: NO_PASSWORD,
    note: 'encrypted (AES-256)',
  },
  {
    path: 'pdf/issue6010_1.pdf',
    password: 'abc',
    outcome: 'completed',
    note: 'with the password "abc"',
    passages: [{ text: 'Issue 6010', page: 1 }],
  },
  {
    path: 'pdf/issue840.pdf',
    outcome: 'completed',
    title: 'Download Festival 2009 Timetable',
    note: 'festival timetable (grid): band names and times',
    passages: [
      { text: 'Download Festival 2009 Timetable', page: 1 },
      { text: 'Faith No More 21:00 - 22:45 (105min)', page: 2 },
    ],
  },
  {
    path: 'pdf/noembed-jis7.pdf',
    outcome: 'completed',
    note: 'Japanese in a non-embedded font',
    passages: [{ text: 'ABC あいうえお 123', page: 1 }],
  },
  {
    path: 'pdf/pdfjs_wikipedia.pdf',
    outcome: 'completed',
    title: 'PDF.js - Wikipedia',
    note: 'Wikipedia article',
    passages: [{ text: 'PDF.js is a JavaScript library that renders Portable Document Format (PDF) files using the web standards-compliant HTML5 Canvas.', page: 1 }],
  },
  {
    path: 'pdf/pr12564.pdf',
    outcome: 'completed',
    note: "newsletter whose font draws spaces as '#': spacing repaired",
    passages: [{ text: '1101 Strayer Drive * San Jose, CA 95129', page: 1 }],
  },
  {
    path: 'pdf/prefilled_f1040.pdf',
    outcome: 'completed',
    title: '2010 Form 1040',
    note: 'US tax form: the printed labels',
    passages: [
      { text: 'U.S. Individual Income Tax Return', page: 1 },
      { text: 'Child tax credit (see instructions)', page: 2 },
    ],
  },
  {
    path: 'pdf/rotation.pdf',
    outcome: 'completed',
    note: 'a portrait and a landscape page',
    passages: [
      { text: 'This is my first page with normal layout.', page: 1 },
      { text: 'This is my second page. It will have a landscape layout.', page: 2 },
    ],
  },
  {
    path: 'pdf/saslprep-r6.pdf',
    outcome: 'failed',
    reason: 'password_required',
    message: NO_PASSWORD,
    note: 'encrypted (AES-256, revision 6)',
  },
  {
    path: 'pdf/saslprep-r6.pdf',
    password: 'S\u00AASL\u00ADprep',
    outcome: 'completed',
    note: 'with its password, which needs SASLprep',
    passages: [{ text: 'Hello pdf.js world', page: 1 }],
  },
  {
    path: 'pdf/scan-bad.pdf',
    outcome: 'completed',
    note: 'scan whose small text layer already says what the image says',
    passages: [{ text: 'pdf.js', page: 1 }],
  },
  {
    path: 'pdf/structure_simple.pdf',
    outcome: 'completed',
    note: 'tagged headings and paragraphs',
    passages: [{ text: 'This paragraph 2.', page: 1 }],
  },
  {
    path: 'pdf/vertical.pdf',
    outcome: 'completed',
    note: 'vertical Japanese (pages 2–3 blank)',
    warning: /pages 2, 3: no text/u,
    passages: [{ text: 'あいうえお', page: 1 }],
  },
  {
    path: 'pdf/xref_command_missing.pdf',
    outcome: 'completed',
    note: 'missing xref keyword, recovered',
    passages: [{ text: 'Reduced test-case', page: 1 }],
  },
  // CSV: one chunk per data row (the header is row 0).
  {
    path: 'csv/country-codes.csv',
    outcome: 'completed',
    note: '249 rows × 56 columns, names in six languages',
    passages: [
      { text: 'Латвийская Республика', row: 125 },
      { text: 'official_name_en: Zimbabwe', query: 'Zimbabwe', row: 249 },
    ],
  },
  {
    path: 'csv/vega-airports.csv',
    outcome: 'completed',
    note: '3,376 airports',
    passages: [{ text: 'name: Half Moon Bay; iata: HAF', query: 'Half Moon Bay HAF', row: 1689 }],
  },
  {
    path: 'csv/vega-birdstrikes.csv',
    outcome: 'completed',
    note: '10,000 bird strikes, headers with spaces and $',
    passages: [{ text: 'Airport Name: MINETA SAN JOSE INTL; Aircraft Make Model: B-757-200', query: 'MINETA SAN JOSE INTL 2000-08-14', row: 7777 }],
  },
  {
    path: 'csv/vega-seattle-weather.csv',
    outcome: 'completed',
    note: '1,461 daily rows (a day is found by its values; its date alone is too common a set of numbers)',
    // Dates and decimals are split into numbers ("2013", "12", "31") that are far too common here
    // to find one day by its date alone; a rarer value finds its row.
    passages: [{ text: 'date: 2015-03-15; precipitation: 55.9', query: 'When was the precipitation 55.9?', row: 1170 }],
  },
  // Markdown: chunks carry their heading path.
  {
    path: 'markdown/rust-book_appendix-02-operators.md',
    outcome: 'completed',
    title: 'Appendix B: Operators and Symbols',
    note: 'large pipe tables kept whole',
    passages: [
      {
        text: 'often referred to as turbofish',
        query: 'turbofish',
        section: 'Appendix B: Operators and Symbols > Non-operator Symbols',
      },
    ],
  },
  {
    path: 'markdown/rust-book_ch04-01-what-is-ownership.md',
    outcome: 'completed',
    title: 'What Is Ownership?',
    note: 'prose with fenced code blocks',
    passages: [{ text: 'Each value in Rust has an owner.', section: 'What Is Ownership? > Ownership Rules' }],
  },
  {
    path: 'markdown/system-design-primer_README-zh-Hans.md',
    outcome: 'completed',
    title: '系统设计入门',
    note: 'Chinese: CJK search',
    passages: [{ text: '非规范化试图以写入性能为代价来换取读取性能', section: '系统设计入门 > 数据库 > 关系型数据库管理系统（RDBMS） > 非规范化' }],
  },
  {
    path: 'markdown/system-design-primer_README.md',
    outcome: 'completed',
    title: 'The System Design Primer',
    note: '110 KB, deep heading tree',
    passages: [
      {
        text: 'Federation is not effective if your schema requires huge functions or tables.',
        section: 'The System Design Primer > Database > Relational database management system (RDBMS) > Federation > Disadvantage(s): federation',
      },
    ],
  },
];

/** A readable name for a case: the file, plus the password when one is sent. */
export const caseName = (c: CorpusCase): string => (c.password === undefined ? c.path : `${c.path} (password given)`);
