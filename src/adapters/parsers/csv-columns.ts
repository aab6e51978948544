/**
 * Reading a CSV's columns: whether the first record is a header, what to call each column, and
 * which column names the thing a row is about (the subject of the row's facts).
 */

const NUMBER = /^[-+]?(?:\d[\d,]*(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?%?$/;

export function isNumberLike(value: string): boolean {
  return NUMBER.test(value.trim());
}

/**
 * The first record is a header when its cells are distinct, mostly filled and not numbers, and
 * none of them shows up again as a value in its own column in the data (a headerless file of
 * names would fail there: "Denver" in row 1 and again in row 40). Most CSVs have a header, so a
 * file of text columns that passes these tests is read as having one.
 */
export function looksLikeHeader(first: readonly string[], data: readonly (readonly string[])[]): boolean {
  const cells = first.map((cell) => cell.trim());
  const named = cells.filter((cell) => cell.length > 0);
  if (named.length === 0 || named.length < cells.length / 2) return false;
  if (new Set(named).size !== named.length) return false;
  if (named.some(isNumberLike)) return false;
  return !data.some((row) => cells.some((cell, i) => cell.length > 0 && row[i]?.trim() === cell));
}

/** Unique, non-empty column names: blanks become "column N", repeats get " (2)", " (3)", … */
export function columnNames(header: readonly string[] | null, width: number): string[] {
  const seen = new Map<string, number>();
  return Array.from({ length: width }, (_, i) => {
    const base = header?.[i]?.trim().replace(/\s+/g, ' ') || `column ${i + 1}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base} (${count})`;
  });
}

interface ColumnStats {
  filled: number;
  distinct: number;
  numeric: number;
}

const NAME_WORDS = new Set(['name', 'title', 'label', 'fullname', 'displayname']);
const ID_WORDS = new Set(['id', 'code', 'key', 'iata', 'icao', 'isbn', 'sku', 'slug', 'uuid', 'guid', 'symbol', 'ticker', 'username', 'email']);
const OTHER_LANGUAGES = new Set([
  'fr', 'es', 'ar', 'cn', 'zh', 'ru', 'de', 'ja', 'ko', 'pt', 'it',
  'french', 'spanish', 'arabic', 'chinese', 'russian', 'german', 'japanese', 'korean', 'portuguese', 'italian',
]);
const ENGLISH = new Set(['en', 'english']);

/**
 * The columns that can name a row's subject, best first; the parser takes the first one that is
 * filled in a given row. The rule, in order:
 * 1. Only text columns count: at least half the sampled cells filled, at most half numbers
 *    (a measurement or a running number names nothing).
 * 2. A header that is exactly a name word (name, title, label) scores 4, one containing such a
 *    word ("Airport Name", "official_name_en") 3, one containing an identifier word (id, code,
 *    iata, …) 2. A language tag in the header moves it: English +0.5, any other language −1.5,
 *    so "official_name_en" beats "official_name_fr" and "official_name_ar".
 * 3. The share of distinct values (0–1) is added, so a unique name beats a repeated one
 *    ("CLDR display name" over "Region Name"); ties go to the leftmost column.
 * 4. Without any such header, the first mostly unique (≥ 90 %), well-filled text column, e.g. a
 *    date in a daily weather table.
 * No candidate at all (every column numeric) means the rows have no subject and give no facts.
 */
export function keyColumns(names: readonly string[], sample: readonly (readonly string[])[]): number[] {
  const stats = names.map((_, i) => columnStats(sample, i));
  const rows = Math.max(1, sample.length);
  const textual = (i: number): boolean => {
    const s = stats[i];
    return s !== undefined && s.filled / rows >= 0.5 && s.numeric <= s.filled / 2;
  };
  const distinctShare = (i: number): number => {
    const s = stats[i];
    return s && s.filled > 0 ? s.distinct / s.filled : 0;
  };

  const scored = names
    .map((name, i) => ({ i, score: textual(i) ? headerScore(name) : 0 }))
    .filter((column) => column.score > 0)
    .map((column) => ({ i: column.i, score: column.score + distinctShare(column.i) }))
    .sort((a, b) => b.score - a.score || a.i - b.i);
  if (scored.length > 0) return scored.map((column) => column.i);

  const unique = names.findIndex((_, i) => textual(i) && distinctShare(i) >= 0.9 && (stats[i]?.filled ?? 0) / rows >= 0.9);
  return unique >= 0 ? [unique] : [];
}

function headerScore(name: string): number {
  const tokens = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token.length > 0);
  let base = 0;
  if (tokens.length === 1 && NAME_WORDS.has(tokens[0] ?? '')) base = 4;
  else if (tokens.some((token) => NAME_WORDS.has(token))) base = 3;
  else if (tokens.some((token) => ID_WORDS.has(token))) base = 2;
  if (base === 0) return 0;
  if (tokens.some((token) => ENGLISH.has(token))) return base + 0.5;
  if (tokens.some((token) => OTHER_LANGUAGES.has(token))) return base - 1.5;
  return base;
}

function columnStats(sample: readonly (readonly string[])[], column: number): ColumnStats {
  const values = new Set<string>();
  let filled = 0;
  let numeric = 0;
  for (const row of sample) {
    const value = row[column]?.trim() ?? '';
    if (!value) continue;
    filled++;
    values.add(value);
    if (isNumberLike(value)) numeric++;
  }
  return { filled, distinct: values.size, numeric };
}
