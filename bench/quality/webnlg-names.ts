/**
 * When an extracted name and a WebNLG name are the same thing, for the entity-pair score.
 *
 * Both sides are normalised the same way: accents and case dropped, "&" read as "and", underscores
 * and punctuation made spaces, a trailing "(…)" dropped (WebNLG's units and DBpedia's disambiguations: "17068.8
 * (millimetres)", "Aston Martin V8 (car)"), a leading "the" dropped, thousands separators and a
 * ".0" dropped from numbers, and a written date made ISO ("11 May 1986" → "1986-05-11").
 * Two normalised names match when they are equal, or when the shorter is a run of whole words of
 * the longer that makes up at least half of its words ("Swords" for "Swords, Dublin", "17068.8"
 * for "17068.8 millimetre"), never a single word out of three or more.
 */

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH_OF = new Map<string, number>(MONTHS.flatMap((m, i) => [[m, i + 1], [m.slice(0, 3), i + 1]] as [string, number][]));

const pad = (n: number): string => String(n).padStart(2, '0');

/** ISO form of a written date ("11 May 1986", "May 11, 1986", "1986-05-11"), or null. */
export function isoDate(text: string): string | null {
  const t = text.trim().toLowerCase().replace(/,/g, ' ').replace(/\s+/g, ' ');
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (m) return `${m[1]}-${pad(Number(m[2]))}-${pad(Number(m[3]))}`;
  m = /^(\d{1,2})(?:st|nd|rd|th)? (?:of )?([a-z]+)\.? (\d{4})$/.exec(t);
  if (m && MONTH_OF.has(m[2] ?? '')) return `${m[3]}-${pad(MONTH_OF.get(m[2] ?? '') ?? 0)}-${pad(Number(m[1]))}`;
  m = /^([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)? (\d{4})$/.exec(t);
  if (m && MONTH_OF.has(m[1] ?? '')) return `${m[3]}-${pad(MONTH_OF.get(m[1] ?? '') ?? 0)}-${pad(Number(m[2]))}`;
  return null;
}

export function normaliseName(name: string): string {
  let s = name.normalize('NFKD').replace(/\p{M}+/gu, '').replace(/_/g, ' ').trim();
  s = s.replace(/^"(.*)"$/s, '$1').replace(/\s*\([^()]*\)$/, '');
  const date = isoDate(s);
  if (date !== null) return date;
  s = s.toLowerCase().replace(/&/g, ' and ');
  s = s.replace(/(\d),(?=\d{3}\b)/g, '$1').replace(/(\d)\.0+\b/g, '$1');
  // Dots inside a number stay; every other punctuation mark is a word break.
  s = s.replace(/(\d)\.(\d)/g, '$1\uE000$2').replace(/[^\p{L}\p{N}\uE000-]+/gu, ' ').replace(/-/g, ' ');
  s = s.replace(/\uE000/g, '.').replace(/\s+/g, ' ').trim();
  return s.startsWith('the ') ? s.slice(4) : s;
}

function isRunOf(short: string[], long: string[]): boolean {
  for (let i = 0; i + short.length <= long.length; i++) {
    if (short.every((w, k) => long[i + k] === w)) return true;
  }
  return false;
}

/** Whether two names (already normalised) name the same thing. */
export function sameName(a: string, b: string): boolean {
  if (a === '' || b === '') return false;
  if (a === b) return true;
  const wa = a.split(' ');
  const wb = b.split(' ');
  const [short, long] = wa.length <= wb.length ? [wa, wb] : [wb, wa];
  return short.length * 2 >= long.length && isRunOf(short, long);
}
