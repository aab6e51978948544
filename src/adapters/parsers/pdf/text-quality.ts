/**
 * Is a page's text something a person could read? A text layer can be present and still useless:
 * fonts without a Unicode map give glyph ids (control characters, private-use code points), and
 * scans often carry a hidden OCR layer made by an engine that read Cyrillic as Latin look-alikes
 * ("CyMMa Hanora"). Such text would poison search, so it is measured here and, when it fails,
 * the page is read again by OCR.
 */

export interface TextQuality {
  /** Non-space characters measured. */
  chars: number;
  /** Word-like tokens (runs of letters) measured. */
  words: number;
  /** Share of characters that are controls, private-use, unassigned or U+FFFD. */
  badCharShare: number;
  /** Share of characters in scripts without case (CJK, Arabic, Hebrew, Indic, Thai...). */
  uncasedShare: number;
  /** Share of cased-script words that look like words: sane capitalisation, a vowel, one script. */
  wellFormedShare: number;
  /** Share of words that are common function words of a European language. */
  stopwordShare: number;
  /** Share of tokens mixing letters and digits inside a word ("V1HH", "npolt13BOAHL"). */
  mangledShare: number;
  /** Words that count as readable: well-formed cased words plus uncased-script characters / 2. */
  readableWords: number;
}

export type QualityVerdict = 'readable' | 'garbage' | 'empty';

// Function words of the languages whose documents are most common in a Latin-script corpus; a
// real sentence almost always contains some, OCR noise almost never does.
const STOPWORDS = new Set(
  (
    'the of and to in is a that for it as with was on be by this are or at from an not which have has but were their its they ' +
    'we you he she his her our can will would there been if all more one so no than these into also such may about other ' +
    'le la les de des du et un une est en que qui dans pour par sur au aux ne pas ce il elle se sont avec ou ' +
    'der die das und ist nicht den dem ein eine zu mit von auf sich des im für auch als wird werden bei oder ' +
    'el los las del y es por con para una su al lo se como más pero sus ' +
    'il di che è per non una sono della nel ' +
    'o os as um uma não em da do dos das para com ' +
    'het een van en dat op zijn voor met niet'
  ).split(' '),
);

const CASED_WORD = /^(?:\p{Lu}?[\p{Ll}\p{M}'’]+|[\p{Lu}\p{M}]+)$/u;
const LATIN_VOWEL = /[aeiouyàáâãäåæèéêëìíîïòóôõöøùúûüýÿœāēīōūăęėįųůőűəAEIOUYÀ-ÖØ-Ý]/u;
const CYRILLIC_VOWEL = /[аеёиоуыэюяіїєАЕЁИОУЫЭЮЯІЇЄ]/u;
const BAD_CHAR = /[\p{Cc}\p{Co}\p{Cn}\uFFFD]/u;
const UNCASED_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Thai}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Ethiopic}\p{Script=Georgian}]/u;

function scriptOf(word: string): 'latin' | 'cyrillic' | 'greek' | 'mixed' | 'other' {
  const latin = /\p{Script=Latin}/u.test(word);
  const cyrillic = /\p{Script=Cyrillic}/u.test(word);
  const greek = /\p{Script=Greek}/u.test(word);
  const n = Number(latin) + Number(cyrillic) + Number(greek);
  if (n > 1) return 'mixed';
  return latin ? 'latin' : cyrillic ? 'cyrillic' : greek ? 'greek' : 'other';
}

function wellFormed(word: string): boolean {
  if (!CASED_WORD.test(word)) return false;
  const script = scriptOf(word);
  if (script === 'mixed') return false;
  // Four identical letters in a row ("1111", "llll") are OCR streaks, not words.
  if (/(\p{L})\1{3}/u.test(word)) return false;
  if (word.length > 24) return false;
  if (word.length === 1) return true;
  if (script === 'latin') return LATIN_VOWEL.test(word) || /^\p{Lu}+$/u.test(word);
  if (script === 'cyrillic') return CYRILLIC_VOWEL.test(word) || /^\p{Lu}+$/u.test(word);
  return true;
}

/** Measures text; `verdictOf` turns the numbers into a decision. */
export function measureText(text: string): TextQuality {
  let chars = 0;
  let bad = 0;
  let uncased = 0;
  for (const ch of text) {
    if (/\s/u.test(ch)) continue;
    chars++;
    if (BAD_CHAR.test(ch)) bad++;
    else if (UNCASED_CHAR.test(ch)) uncased++;
  }
  const tokens = text.split(/[\s\p{P}\p{S}]+/u).filter((t) => t.length > 0 && /\p{L}/u.test(t));
  let cased = 0;
  let good = 0;
  let stop = 0;
  let mangled = 0;
  for (const token of tokens) {
    if (/\p{N}/u.test(token)) {
      // Letters and digits interleaved inside one token; "2nd", "A4", "x86" are normal, so
      // only letter-digit-letter patterns count.
      if (/\p{L}\p{N}+\p{L}/u.test(token)) mangled++;
      continue;
    }
    if (UNCASED_CHAR.test(token)) continue;
    // Short vowel-less lower-case tokens are mostly abbreviations ("pdf", "js", "www", "kg"):
    // they count as words but are no evidence either way about well-formedness.
    if (token.length <= 3 && /^\p{Ll}+$/u.test(token) && !LATIN_VOWEL.test(token)) {
      good++;
      cased++;
      continue;
    }
    cased++;
    if (wellFormed(token)) good++;
    if (STOPWORDS.has(token.toLowerCase())) stop++;
  }
  const words = tokens.length;
  return {
    chars,
    words,
    badCharShare: chars ? bad / chars : 0,
    uncasedShare: chars ? uncased / chars : 0,
    wellFormedShare: cased ? good / cased : 0,
    stopwordShare: cased ? stop / cased : 0,
    mangledShare: words ? mangled / words : 0,
    readableWords: good + Math.floor(uncased / 2),
  };
}

/**
 * Readable, garbage or empty. Thresholds were set on the pdf.js test corpus: readable pages
 * (prose, forms, a cheat sheet full of code names) score well-formed shares of 0.81 and up,
 * Cyrillic-read-as-Latin OCR layers 0.58 and below, glyph-id text is mostly control characters.
 */
export function verdictOf(q: TextQuality): QualityVerdict {
  if (q.chars === 0 || (q.readableWords === 0 && q.badCharShare === 0 && q.chars < 3)) return 'empty';
  if (q.badCharShare > 0.15) return 'garbage';
  if (q.uncasedShare > 0.5) return 'readable';
  // A handful of words ("pdf.js", a page number) is too little evidence to call noise.
  if (q.words < 4) return 'readable';
  // Real text has almost no letter-digit-letter tokens (≤1% in the corpus); OCR noise 8–29%.
  if (q.words >= 20 && q.mangledShare > 0.05) return 'garbage';
  if (q.wellFormedShare < 0.65) return 'garbage';
  // Words that look fine one by one but no function word at all across a long text: the
  // signature of an OCR layer that spelled another alphabet with Latin letters.
  if (q.words >= 60 && q.stopwordShare < 0.02 && q.wellFormedShare < 0.75) return 'garbage';
  return 'readable';
}

/**
 * OCR output must clear a higher bar than a text layer. Only English data is installed, and
 * Tesseract reading Cyrillic with it produces short Latin look-alikes ("Koa no OKTMO", "He")
 * that pass one by one; real English OCR output is almost all well-formed words.
 */
export function acceptableOcrText(q: TextQuality): boolean {
  if (verdictOf(q) !== 'readable' || q.readableWords < 3) return false;
  return q.words < 8 || q.uncasedShare > 0.5 || q.wellFormedShare >= 0.85;
}
