/**
 * Days people name rather than date, each always on the same day of the year. Days that move
 * (Easter, Thanksgiving) or differ by country ("Independence Day") are left out: no one date is
 * meant. "Christmas" alone is the day only with a year ("Christmas 2014"); a "Christmas party" is not.
 */
const HOLIDAYS: readonly [pattern: string, month: number, day: number][] = [
  [String.raw`new\s+year['’]?s\s+eve`, 12, 31],
  [String.raw`new\s+year['’]?s\s+day`, 1, 1],
  [String.raw`valentine['’]?s\s+day`, 2, 14],
  [String.raw`(?:st\.?|saint)\s+patrick['’]?s\s+day`, 3, 17],
  [String.raw`april\s+fools['’]?\s+day`, 4, 1],
  [String.raw`fourth\s+of\s+july`, 7, 4],
  [String.raw`hallowe['’]?en`, 10, 31],
  [String.raw`christmas\s+eve`, 12, 24],
  [String.raw`christmas(?:\s+day|(?=,?\s+\d{4}\b))`, 12, 25],
  [String.raw`boxing\s+day`, 12, 26],
];

const YEAR_AFTER = String.raw`(?:,?\s+(?:of\s+)?(\d{4})\b)?`;
const MATCHERS = HOLIDAYS.map(([pattern, month, day]) => ({ re: new RegExp(String.raw`\b(${pattern})${YEAR_AFTER}`, 'giu'), month, day }));

/** A day the question names, as written, with its date; `year` null when it names none. */
export interface NamedDay {
  words: string;
  month: number;
  day: number;
  year: string | null;
}

/** The named days a question asks about: "on Christmas Day 2014" (2014-12-25), "Valentine's Day" (14 February of any year). */
export function namedDays(text: string): NamedDay[] {
  return MATCHERS.flatMap(({ re, month, day }) => [...text.matchAll(re)].map((m) => ({ words: m[1] ?? '', month, day, year: m[2] ?? null })));
}
