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
const MAX_TERM_LENGTH = 40;

export function analyze(text: string): string[] {
  const terms: string[] = [];
  const normalised = text.normalize('NFKC').toLowerCase();
  for (const match of normalised.matchAll(WORD)) {
    const word = match[0].replace(/['’]s?$/u, '').replace(/['’]/gu, '');
    if (word.length === 0 || STOPWORDS.has(word)) continue;
    if (CJK.test(word)) {
      pushCjk(word, terms);
    } else if (word.length <= MAX_TERM_LENGTH) {
      terms.push(/^\p{N}+$/u.test(word) ? word : stemmer(word));
    }
  }
  return terms;
}

function pushCjk(word: string, terms: string[]): void {
  for (const part of word.match(CJK_RUN) ?? []) {
    if (!CJK.test(part)) {
      if (!STOPWORDS.has(part) && part.length <= MAX_TERM_LENGTH) terms.push(stemmer(part));
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
