import { stemmer } from 'stemmer';
import { STOPWORDS } from './stopwords';

/**
 * The one text analysis used for both indexing and querying, so the two always agree:
 * NFKC, lower case, words of letters and digits, stopwords out, Porter stems; Han, Kana and
 * Hangul runs become overlapping character bigrams because they have no spaces between words.
 */
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
// "isn't", "don't", "won't": negated auxiliaries are function words like "is" and "do".
const NEGATED_AUXILIARY = /n['’]t$/u;
// "who've", "they'd", "we'll", "could've": a function word and an auxiliary are one, not "whove" or "well".
const CONTRACTION = /^(\p{L}+)['’](?:ve|d|ll|re|m)$/u;
const MAX_TERM_LENGTH = 40;
const STEM_CACHE_LIMIT = 200_000;
const stems = new Map<string, string>();

/**
 * Word frequencies are Zipfian, so a small cache answers almost every stem after warm-up. Used for
 * the Latin parts of words with CJK; other words are kept whole in `wordTerms`.
 */
function stem(word: string): string {
  let cached = stems.get(word);
  if (cached === undefined) {
    if (stems.size >= STEM_CACHE_LIMIT) stems.clear();
    cached = stemmer(word);
    stems.set(word, cached);
  }
  return cached;
}

/**
 * Each word as matched → its term, or null when it gives none (a stopword, a negated auxiliary, a
 * run too long to index); words with CJK are not kept. Ingest analyses every word of every chunk,
 * and one look-up of the word as found replaces the stopword test, the apostrophe handling and the stem look-up.
 */
const wordTerms = new Map<string, string | null>();

function remember(raw: string, term: string | null): void {
  if (wordTerms.size >= STEM_CACHE_LIMIT) wordTerms.clear();
  wordTerms.set(raw, term);
}

/**
 * Whether text holds Chinese, Japanese or Korean, which analysis cuts into bigrams and an English
 * lexicon knows nothing of. Scripts written without spaces start at U+2E80; below it no test is needed.
 */
export function hasCjk(word: string): boolean {
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) >= 0x2e80) return CJK.test(word);
  return false;
}

export function analyze(text: string): string[] {
  const terms: string[] = [];
  const normalised = text.normalize('NFKC').toLowerCase();
  for (const match of normalised.matchAll(WORD)) {
    const raw = match[0];
    const known = wordTerms.get(raw);
    if (known !== undefined) {
      if (known !== null) terms.push(known);
      continue;
    }
    if (NEGATED_AUXILIARY.test(raw) || STOPWORDS.has(CONTRACTION.exec(raw)?.[1] ?? '')) {
      remember(raw, null);
      continue;
    }
    // Most words hold no apostrophe, and two regex replaces per word cost more than the scan.
    const word = raw.includes("'") || raw.includes('’') ? raw.replace(/['’]s?$/u, '').replace(/['’]/gu, '') : raw;
    if (word.length === 0 || STOPWORDS.has(word)) {
      remember(raw, null);
    } else if (hasCjk(word)) {
      pushCjk(word, terms);
    } else {
      const term = word.length <= MAX_TERM_LENGTH ? stemmer(word) : null;
      remember(raw, term);
      if (term !== null) terms.push(term);
    }
  }
  return terms;
}

function pushCjk(word: string, terms: string[]): void {
  for (const part of word.match(CJK_RUN) ?? []) {
    if (!CJK.test(part)) {
      if (!STOPWORDS.has(part) && part.length <= MAX_TERM_LENGTH) terms.push(stem(part));
      continue;
    }
    const chars = Array.from(part);
    if (chars.length === 1) terms.push(part);
    for (let i = 0; i + 1 < chars.length; i++) terms.push(`${chars[i]}${chars[i + 1]}`);
  }
}

/** Distinct terms in first-seen order. */
export function uniqueTerms(text: string): string[] {
  return [...new Set(analyze(text))];
}

/** The term of one plain lower-case word, or null for a stopword; uncached, for words made up rather than read. */
export function plainWordTerm(word: string): string | null {
  return STOPWORDS.has(word) || word.length > MAX_TERM_LENGTH ? null : stemmer(word);
}

/**
 * The words of `text` as written (lower case), by the term each gives: "vactaion" for its term.
 * A slip is made in the word, not in its stem, so spelling variants start from these.
 */
export function termWords(text: string): Map<string, string[]> {
  const words = new Map<string, string[]>();
  for (const [raw] of text.normalize('NFKC').toLowerCase().matchAll(WORD)) {
    const [term] = analyze(raw);
    if (term === undefined) continue;
    // As analyze reads it: "Ghandi's" is the word ghandi.
    const word = raw.replace(/['’]s?$/u, '').replace(/['’]/gu, '');
    const known = words.get(term) ?? [];
    if (!known.includes(word)) words.set(term, [...known, word]);
  }
  return words;
}
