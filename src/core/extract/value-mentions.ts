/**
 * Pass 1a: dates and amounts. Runs first so that the digits and month names
 * they use are never mistaken for parts of a name.
 */
import type { ChunkContext } from './chunk-context';
import {
  DECADE,
  ORDINAL,
  RANGE_END_YEAR,
  isDayNumber,
  isFraction,
  isRangeDash,
  isYear,
  withoutDot,
} from './value-patterns';
import { CURRENCY_SYMBOLS, CURRENCY_WORDS, MONTHS, SCALE_WORDS, STREET_WORDS } from './word-lists';

export function findValues(ctx: ChunkContext, first: number, last: number): void {
  const { tokens, entities } = ctx;
  for (let i = first; i <= last; i++) {
    if (entities.mentionAt[i] !== -1 || !tokens.isDigitStart(i)) continue;
    i = readNumber(ctx, i, first, last);
  }
}

/** Reads the number phrase starting at token i; returns the last token it used. */
function readNumber(ctx: ChunkContext, i: number, first: number, last: number): number {
  const t = ctx.tokens;
  const mentionAt = ctx.entities.mentionAt;
  const v = t.value(i);
  // "1913-01-01", "01-01-1913", "30/03/2007": a date written in digits.
  if (NUMERIC_DATE.test(v)) {
    addValue(ctx, i, i, 'date');
    return i;
  }
  const code = codeEnd(ctx, i, last);
  if (code > i) {
    ctx.entities.addMention(i, code, 'value', -1);
    return code;
  }
  let a = i;
  let b = i;
  // "6½", "2 million", "1.5 billion"
  while (b + 1 <= last && (SCALE_WORDS.has(t.low(b + 1)) || isFraction(t.value(b + 1)))) b++;

  if (ORDINAL.test(v)) {
    const next = t.low(b + 1);
    if (b + 1 <= last && (next === 'century' || next === 'centuries' || next === 'millennium')) {
      addValue(ctx, a, b + 1, 'date');
      return b + 1;
    }
    return ordinalDate(ctx, a, first, last);
  }

  // Year ranges: "1629–1631", "2001–02".
  if (a === b && isYear(v) && b + 2 <= last && isRangeDash(t.value(b + 1)) && RANGE_END_YEAR.test(t.value(b + 2))) {
    addValue(ctx, a, b + 2, 'date');
    return b + 2;
  }
  // Dates: "March 5, 1867", "5 March 1867", "March 1867", "1867", "the 1620s".
  const prev = a - 1 >= first ? withoutDot(t.low(a - 1)) : '';
  const loose = looseMonthBefore(ctx, a, a, first, last);
  if (loose >= 0 && isDayNumber(v)) {
    const end = b + 2;
    addValue(ctx, loose, end, 'date');
    return end;
  }
  if (a - 1 >= first && MONTHS.has(prev) && mentionAt[a - 1] === -1) {
    a--;
    if (t.low(b + 1) === ',' && b + 2 <= last && isYear(t.value(b + 2))) b += 2;
    else if (b + 1 <= last && isYear(t.value(b + 1))) b++;
    addValue(ctx, a, b, 'date');
    return b;
  }
  if (b + 1 <= last && MONTHS.has(withoutDot(t.low(b + 1))) && isDayNumber(v)) {
    b++;
    if (b + 1 <= last && isYear(t.value(b + 1))) b++;
    addValue(ctx, a, b, 'date');
    return b;
  }
  if (DECADE.test(v)) {
    addValue(ctx, a, b, 'date');
    return b;
  }

  // Money and percentages.
  if (a - 1 >= first && CURRENCY_SYMBOLS.has(t.low(a - 1)) && mentionAt[a - 1] === -1) {
    addValue(ctx, a - 1, b, 'quantity');
    return b;
  }
  const next = b + 1 <= last ? t.low(b + 1) : '';
  if (next === '%' || next === 'percent' || CURRENCY_WORDS.has(next)) {
    addValue(ctx, a, b + 1, 'quantity');
    return b + 1;
  }
  if (next === 'per' && t.low(b + 2) === 'cent' && b + 2 <= last) {
    addValue(ctx, a, b + 2, 'quantity');
    return b + 2;
  }

  // "101 Ukrop Way": a house number belongs to the street name that follows it.
  if (a === b && !isYear(v) && b + 1 <= last && t.capitalised(b + 1) && streetFollows(ctx, b + 1, last)) return b;
  const unit = next !== '' && t.tag(b + 1) === 'NOUN' && !t.capitalised(b + 1);
  // A bare four-digit number in prose is a year far more often than a count ("the 1901 census").
  if (a === b && isYear(v)) {
    addValue(ctx, a, b, 'date');
    return b;
  }
  // A count of something ("1,230 km", "308 points") is a quantity; a bare number only a value.
  if (unit) {
    addValue(ctx, a, b + 1, 'quantity');
    return b + 1;
  }
  ctx.entities.addMention(a, b, 'value', -1);
  return b;
}

/**
 * A date whose day is written as an ordinal: "the 10th of March, 1983", "24th February 1989",
 * "November 18th, 1923". Returns the last token used (the ordinal itself when it is no date).
 */
function ordinalDate(ctx: ChunkContext, a: number, first: number, last: number): number {
  const t = ctx.tokens;
  const mentionAt = ctx.entities.mentionAt;
  const day = Number.parseInt(t.value(a), 10);
  if (!(day >= 1 && day <= 31)) return a;
  const yearAfter = (j: number): number => {
    if (t.low(j + 1) === ',' && j + 2 <= last && isYear(t.value(j + 2))) return j + 2;
    return j + 1 <= last && isYear(t.value(j + 1)) ? j + 1 : j;
  };
  const loose = looseMonthBefore(ctx, a, a, first, last);
  if (loose >= 0) {
    addValue(ctx, loose, a + 2, 'date');
    return a + 2;
  }
  if (a - 1 >= first && MONTHS.has(withoutDot(t.low(a - 1))) && mentionAt[a - 1] === -1) {
    const b = yearAfter(a);
    addValue(ctx, a - 1, b, 'date');
    return b;
  }
  let m = a + 1;
  if (t.low(m) === 'of') m++;
  if (m <= last && MONTHS.has(withoutDot(t.low(m))) && t.capitalised(m)) {
    const b = yearAfter(m);
    addValue(ctx, a, b, 'date');
    return b;
  }
  return a;
}

/**
 * "November the 18th, 1923", "November, 18, 1923": a month set off from its day by "the" or a comma,
 * read as a date only with the year right after the day ("In May, 18 people …" is no date).
 * Returns the month's token, or -1.
 */
function looseMonthBefore(ctx: ChunkContext, a: number, day: number, first: number, last: number): number {
  const t = ctx.tokens;
  const gap = t.low(a - 1);
  if ((gap !== 'the' && gap !== ',') || a - 2 < first) return -1;
  const m = a - 2;
  if (!MONTHS.has(withoutDot(t.low(m))) || !t.capitalised(m) || ctx.entities.mentionAt[m] !== -1) return -1;
  return t.low(day + 1) === ',' && day + 2 <= last && isYear(t.value(day + 2)) ? m : -1;
}

/**
 * "18L/36R", "4B/22A": a designation written without spaces, which the tokenizer cut at its letters
 * and slashes. Only upper-case letters and a slash make one, so "100 km/h" and "24/7" stay as they are.
 * Returns the last token of the code, or i when there is none.
 */
function codeEnd(ctx: ChunkContext, i: number, last: number): number {
  const t = ctx.tokens;
  let j = i;
  let slash = false;
  let letters = false;
  while (j + 1 <= last && t.start(j + 1) === t.end(j) && ctx.entities.mentionAt[j + 1] === -1) {
    const v = t.value(j + 1);
    if (v === '/') slash = true;
    else if (/^[A-Z]{1,3}$/.test(v) || (/^[A-Z]{1,3}\.$/.test(v) && t.value(j) !== '/')) letters = true;
    else if (!/^\d+[A-Z]{0,3}$/.test(v)) break;
    j++;
  }
  // A trailing slash belongs to what follows, not to the code.
  if (t.value(j) === '/') j--;
  return slash && letters && j > i ? j : i;
}

const NUMERIC_DATE = /^(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{4})$/;

/** Whether a capitalised run starting at token i ends with a street word ("Ukrop Way", "Baker Street"). */
function streetFollows(ctx: ChunkContext, i: number, last: number): boolean {
  const t = ctx.tokens;
  for (let j = i; j <= last && j <= i + 4 && t.capitalised(j); j++) if (STREET_WORDS.has(t.low(j))) return true;
  return false;
}

function addValue(ctx: ChunkContext, first: number, last: number, type: 'date' | 'quantity'): void {
  const entity = ctx.entities.draftFor(ctx.tokens.surface(first, last), 'value', type);
  ctx.entities.addMention(first, last, 'value', entity);
}
