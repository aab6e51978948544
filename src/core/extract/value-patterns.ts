/**
 * Shape tests for single tokens: years, day numbers, fractions, dashes, acronyms.
 * Pure string checks, kept apart from the token stream so each is easy to test.
 */

/** "1st", "44th": an ordinal written in digits. */
export const ORDINAL = /^\d+(?:st|nd|rd|th)$/i;
/** The second half of a year range: "1631" in "1629–1631", "02" in "2001–02". */
export const RANGE_END_YEAR = /^\d{2,4}$/;
/** "1620s", "990s". */
export const DECADE = /^\d{3,4}s$/;

export function isFraction(v: string): boolean {
  return v === '½' || v === '¼' || v === '¾' || v === '⅓' || v === '⅔';
}

/** Four digits from 1000 to 2099: the years encyclopaedic prose talks about. */
export function isYear(v: string): boolean {
  if (v.length !== 4) return false;
  for (let i = 0; i < 4; i++) {
    const c = v.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  const n = Number(v);
  return n >= 1000 && n <= 2099;
}

/** "sept." → "sept", "dr." → "dr": abbreviations compare without their dot. */
export function withoutDot(word: string): string {
  return word.endsWith('.') ? word.slice(0, -1) : word;
}

export function isRangeDash(v: string): boolean {
  return v === '–' || v === '-' || v === '—';
}

export function isDayNumber(v: string): boolean {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 && n <= 31;
}

/** "IBM", "NASA", "U.S." — two to eight capitals, optionally dotted. */
export function isAcronym(v: string): boolean {
  let letters = 0;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c >= 65 && c <= 90) letters++;
    else if (c !== 46 && c !== 38 && !(c >= 48 && c <= 57)) return false;
  }
  return letters >= 2 && letters <= 8;
}

/** Whether the acronym's letters appear, in order, among the name's capitals, starting with the first. */
export function abbreviates(acronym: string, name: string): boolean {
  const letters = acronym.replace(/[^A-Z]/g, '');
  const capitals = name.replace(/[^A-Z]/g, '');
  if (letters.length === 0 || letters.charAt(0) !== capitals.charAt(0)) return false;
  let at = 0;
  for (const c of letters) {
    at = capitals.indexOf(c, at);
    if (at < 0) return false;
    at++;
  }
  return true;
}
