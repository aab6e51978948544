import { analyze } from '../text/analyze';
import type { QuestionDate } from './question-dates';

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
const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * The named days a question asks about ("on Christmas Day 2014", "Valentine's Day"), as the dates
 * a table writes: 2014 12 25, or 02 14 in any year. The day's own words stand for its month and
 * day, so a row dated 2014-12-25 holds "Christmas" as a row dated 2014-03-03 holds "March".
 */
export function holidayDates(text: string): QuestionDate[] {
  return MATCHERS.flatMap(({ re, month, day }) =>
    [...text.matchAll(re)].map((m) => {
      const forms = [...new Set([pad(month), pad(day)])];
      const year = m[2];
      return {
        phrase: analyze([year, pad(month), pad(day)].filter((p) => p !== undefined).join(' ')),
        variants: analyze(m[1] ?? '').map((term): [string, string[]] => [term, forms]),
      };
    }),
  );
}
