import { MONTH_NAMES } from '../extract/word-lists';
import { analyze } from '../text/analyze';
import { namedDays, type NamedDay } from './holiday-dates';

/** What a date the question writes stands for in the index: its ISO terms, and the written terms' other forms. */
export interface QuestionDate {
  /** The date as ISO terms in order ("2014 03 03", or "03 02" for "2 March" in any year): how tables and logs write it. */
  phrase: string[];
  /** Written term → the index forms that mean the same in a date ("march" → "03", "3" → "03"). */
  variants: [string, string[]][];
}

const MONTH = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
const DAY = String.raw`(\d{1,2}(?:st|nd|rd|th)?)`;
const YEAR = String.raw`(\d{4})`;
// "3 March 2014", "30th of August, 2013"; "March 3, 2014", "jan 1 2013"; "2015-07-04", "2015/07/04".
const DAY_FIRST = new RegExp(String.raw`\b${DAY}(?:\s+of)?\s+${MONTH},?\s+${YEAR}\b`, 'giu');
const MONTH_FIRST = new RegExp(String.raw`\b${MONTH}\s+${DAY},?\s+${YEAR}\b`, 'giu');
const ISO = /\b(\d{4})[-/](\d{1,2})[-/](\d{1,2})\b/gu;
// "on Saturday 2 March", "March 2nd": a recent date is often asked without its year.
const NO_YEAR = String.raw`(?![-/.:]?\d|,?\s+(?:of\s+)?\d{4}\b)`;
const DAY_MONTH = new RegExp(String.raw`(?<![\d:.,/-])\b${DAY}(?:\s+of)?\s+${MONTH}(?!\p{L})${NO_YEAR}`, 'giu');
const MONTH_DAY = new RegExp(String.raw`\b${MONTH}\s+${DAY}\b${NO_YEAR}`, 'giu');
// "in July 2015", "March of 2014": a whole month, with no day before or after it.
const MONTH_YEAR = new RegExp(String.raw`(?<!\d(?:st|nd|rd|th)?,?\s+(?:of\s+)?)\b${MONTH}(?:,?\s+of)?,?\s+${YEAR}\b(?![-/.:]\d)`, 'giu');

const pad = (n: number): string => String(n).padStart(2, '0');
const monthOf = (word: string): number => MONTH_NAMES.findIndex((m) => m.startsWith(word.toLowerCase().replace(/\.$/u, '').slice(0, 3))) + 1;
const termOf = (word: string): string | undefined => analyze(word)[0];

/**
 * Whether a month written without a year is meant as one: capitalised or a full name, and never a
 * verb ("they may 2 …", "we march 3 miles"; after its day, "14 march" is the month).
 */
function isMonthWord(word: string, dayFirst: boolean): boolean {
  const low = word.toLowerCase().replace(/\.$/u, '');
  if (/^\p{Lu}/u.test(word)) return true;
  if (low === 'may' || (low === 'march' && !dayFirst)) return false;
  return MONTH_NAMES.includes(low);
}

/** A date, or a whole month of a year (`written.day` null): its ISO terms, and its written parts' other forms. */
function dateOf(year: string | null, month: number, written: { month: string; day: string | null }): QuestionDate | null {
  const day = written.day === null ? null : Number.parseInt(written.day, 10);
  if (month < 1 || month > 12 || (day !== null && (day < 1 || day > 31))) return null;
  const iso = { month: pad(month), day: day === null ? null : pad(day) };
  const variants: [string, string[]][] = [];
  const add = (word: string, forms: (string | undefined)[]): void => {
    const term = termOf(word);
    const others = [...new Set(forms.filter((f): f is string => f !== undefined && f !== term))];
    if (term && others.length > 0) variants.push([term, others]);
  };
  // Each written part also stands for its other spellings: ISO's padded numbers, and the month's names.
  const name = MONTH_NAMES[month - 1] ?? '';
  add(written.month, [iso.month, termOf(name), termOf(name.slice(0, 3))]);
  if (written.day !== null && iso.day !== null) add(written.day, [iso.day, String(day)]);
  const parts = [year, iso.month, iso.day].filter((p): p is string => p !== null);
  return { phrase: analyze(parts.join(' ')), variants };
}

/**
 * A named day as the date a table writes: its own words stand for its month and day, so a row
 * dated 2014-12-25 holds "Christmas" as a row dated 2014-03-03 holds "March".
 */
function namedDayOf({ words, month, day, year }: NamedDay): QuestionDate {
  const iso = [pad(month), pad(day)];
  const forms = [...new Set(iso)];
  return { phrase: analyze([year, ...iso].filter((p) => p !== null).join(' ')), variants: analyze(words).map((term): [string, string[]] => [term, forms]) };
}

/**
 * The dates a question writes out (day and month, with or without the year, or a month of a year),
 * so that "how much did it rain on 3 March 2014" finds the row dated 2014-03-03, "the high on
 * 2015-07-04" a page that says "July 4, 2015", "the reading on Saturday 2 March" the rows of 2 March
 * in any year, "the hottest day in July 2015" the rows dated 2015-07, and "on Christmas Day 2014"
 * the row dated 2014-12-25 (holiday-dates.ts). A date's
 * terms are common in a table of days: without its exact sequence the row is one among hundreds
 * that share its year.
 */
export function questionDates(question: string): QuestionDate[] {
  const text = question.normalize('NFKC');
  const found: (QuestionDate | null)[] = [
    ...[...text.matchAll(DAY_FIRST)].map((m) => dateOf(m[3] ?? '', monthOf(m[2] ?? ''), { month: m[2] ?? '', day: m[1] ?? '' })),
    ...[...text.matchAll(MONTH_FIRST)].map((m) => dateOf(m[3] ?? '', monthOf(m[1] ?? ''), { month: m[1] ?? '', day: m[2] ?? '' })),
    ...[...text.matchAll(ISO)].map((m) => dateOf(m[1] ?? '', Number(m[2]), { month: m[2] ?? '', day: m[3] ?? '' })),
    ...[...text.matchAll(DAY_MONTH)].filter((m) => isMonthWord(m[2] ?? '', true)).map((m) => dateOf(null, monthOf(m[2] ?? ''), { month: m[2] ?? '', day: m[1] ?? '' })),
    ...[...text.matchAll(MONTH_DAY)].filter((m) => isMonthWord(m[1] ?? '', false)).map((m) => dateOf(null, monthOf(m[1] ?? ''), { month: m[1] ?? '', day: m[2] ?? '' })),
    ...[...text.matchAll(MONTH_YEAR)].filter((m) => isMonthWord(m[1] ?? '', true)).map((m) => dateOf(m[2] ?? '', monthOf(m[1] ?? ''), { month: m[1] ?? '', day: null })),
    ...namedDays(text).map(namedDayOf),
  ];
  return found.filter((d): d is QuestionDate => d !== null);
}

/** The question's term variants with each date's other forms that the knowledge base holds. */
export function withDateForms(variants: ReadonlyMap<string, string[]>, dates: readonly QuestionDate[], df: ReadonlyMap<string, number>): Map<string, string[]> {
  const out = new Map(variants);
  for (const [term, forms] of dates.flatMap((d) => d.variants)) {
    const held = forms.filter((f) => (df.get(f) ?? 0) > 0);
    if (held.length > 0) out.set(term, [...new Set([...(out.get(term) ?? []), ...held])]);
  }
  return out;
}

// Letters and digits joined by - . / or : with a digit in it: a date, version, time or code.
const JOINED = /[\p{L}\p{N}]+(?:[-./:][\p{L}\p{N}]+)+/gu;

/** Tokens such as "2015-07-04", "v2.1.3" or "COVID-19", as the sequences of terms they analyse to. */
export function joinedTokens(question: string): string[][] {
  return [...question.normalize('NFKC').matchAll(JOINED)]
    .filter((m) => /\p{N}/u.test(m[0]))
    .map((m) => analyze(m[0]))
    .filter((terms) => terms.length > 1);
}
