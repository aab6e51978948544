/**
 * The key that decides whether two mentions name the same entity.
 *
 * It is deliberately conservative: it only removes differences of spelling that
 * never change *which* thing is meant (case, accents, dots in acronyms, a
 * possessive, a leading "the"). Anything smarter — "Curie" meaning "Marie Curie" —
 * is left to entity resolution, which has more context than one string.
 */

const COMBINING_MARKS = /\p{M}+/gu;
// Apostrophe variants that appear in possessives and names (O'Brien, Curie’s).
const APOSTROPHES = /['’`´]/g;
// "Curie's" → "Curie", "Jobs'" → "Jobs"; only at the end of a word so "O's" inside a word is untouched.
const POSSESSIVE = /(\p{L})['’]s(?=[^\p{L}\p{N}]|$)|(\p{L}s)['’](?=[^\p{L}\p{N}]|$)/gu;
// Thousands separators ("1,230") would otherwise become a word break.
const DIGIT_COMMA_DIGIT = /(\d),(?=\d{3}(?:\D|$))/g;
// A decimal point must survive ("1.5 km" ≠ "15 km"); other dots are acronym dots.
const DIGIT_DOT_DIGIT = /(\d)\.(?=\d)/g;
// A private-use character cannot occur in a real name, so it safely stands in for the decimal point.
const DECIMAL_PLACEHOLDER = '\uE000';
const AMPERSAND = /&/g;
const ACRONYM_DOTS = /\./g;
const NON_WORD = /[^\p{L}\p{N}\uE000]+/gu;
const LEADING_THE = /^the\s+/;

// Most names are plain ASCII words ("Steve Jobs", "1976"); they only need lower-casing.
const PLAIN = /^[A-Za-z0-9]+(?: [A-Za-z0-9]+)*$/;

export function entityKey(name: string): string {
  if (PLAIN.test(name)) {
    const lower = name.toLowerCase();
    return lower.startsWith('the ') ? lower.slice(4) : lower;
  }
  let s = name.normalize('NFKC').normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase();
  s = s.replace(POSSESSIVE, '$1$2');
  s = s.replace(DIGIT_COMMA_DIGIT, '$1');
  s = s.replace(DIGIT_DOT_DIGIT, `$1${DECIMAL_PLACEHOLDER}`);
  // Dots and apostrophes join letters ("U.S.A." → "usa", "O'Brien" → "obrien") rather than split them.
  s = s.replace(ACRONYM_DOTS, '').replace(APOSTROPHES, '');
  // "Procter & Gamble" and "Procter and Gamble" are the same company.
  s = s.replace(AMPERSAND, ' and ');
  s = s.replace(NON_WORD, ' ').trim();
  s = s.replace(LEADING_THE, '');
  return s.split(DECIMAL_PLACEHOLDER).join('.');
}
