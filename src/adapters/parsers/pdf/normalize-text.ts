/**
 * Unicode clean-up for text taken from a PDF. NFKC turns typographic ligatures (ﬁ ﬂ ﬀ ﬃ ﬄ ﬅ),
 * Arabic presentation forms, full-width forms and the long s into the letters a reader would type,
 * so search and the extractor see "office", not "o\uFB03ce".
 */

// Format characters (soft hyphen, zero-width space, BOM, bidi controls) only steer rendering.
// ZWNJ/ZWJ stay: they change meaning in Persian and Indic scripts.
const FORMAT = /\p{Cf}|\p{Variation_Selector}/gu;
const KEEP_FORMAT = new Set(['\u200C', '\u200D']);
// Controls and noncharacters: fonts without a ToUnicode map often surface glyph ids here.
const CONTROLS = /[\p{Cc}\p{Cn}]/gu;
const SPACES = /[\t\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/gu;

// TeX and some other producers draw an accent as its own spacing glyph before the letter
// ("na\u00A8\u0131ve"); NFKC would turn it into a space plus a combining mark. Such pairs are
// recombined first. Only letters that take the accent are matched, so "don´t" stays.
const SPACING_ACCENTS: Record<string, string> = {
  '\u00A8': '\u0308', '\u00B4': '\u0301', '`': '\u0300', '\u02C6': '\u0302', '\u02DC': '\u0303', '\u00B8': '\u0327',
  '\u02DA': '\u030A', '\u02C7': '\u030C', '\u02D8': '\u0306', '\u02D9': '\u0307', '\u02DD': '\u030B', '\u00AF': '\u0304',
};
const ACCENT_PAIR = /([\u00A8\u00B4`\u02C6\u02DC\u00B8\u02DA\u02C7\u02D8\u02D9\u02DD\u00AF])(?: (?=\u0131))?([aeiouyAEIOUYcCnNsSzZrRgG\u0131])/gu;

function recombineAccents(text: string): string {
  return text
    .replace(ACCENT_PAIR, (_, accent: string, letter: string) => (letter === '\u0131' ? 'i' : letter) + (SPACING_ACCENTS[accent] ?? ''))
    .replace(/(?<=\p{L})\u00B4(?=\p{L})/gu, '\u2019');
}

// What NFKC leaves of a spacing accent that had no letter to sit on: a space and a lone mark.
const ORPHAN_MARKS = /(^|\s)\p{M}+/gu;

/** NFKC plus removal of invisible and control characters; spaces of every width become ' '. */
export function normalizeText(text: string): string {
  return recombineAccents(text).normalize('NFKC').replace(ORPHAN_MARKS, '$1').replace(FORMAT, (c) => (KEEP_FORMAT.has(c) ? c : '')).replace(CONTROLS, ' ').replace(SPACES, ' ');
}

/** Collapses runs of spaces and trims, for the final text of a block. */
export function tidySpaces(text: string): string {
  return text.replace(/ {2,}/g, ' ').trim();
}
