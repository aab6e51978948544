/** The delimiters worth guessing between; the order breaks ties (comma is by far the most common). */
export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

const SAMPLE_CHARS = 64 * 1024;
const SAMPLE_RECORDS = 20;

/**
 * Picks the delimiter from the first records: the one that splits them into the same number of
 * fields, more than one, most consistently; ties go to the field count, then to list order.
 * Records are read quote-aware, so delimiters and line breaks inside "quoted, fields" do not
 * count (country-codes.csv quotes its language lists: "fa-AF,ps,uz-AF,tk").
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts = countPerRecord(text.slice(0, SAMPLE_CHARS));
  let best: CsvDelimiter = ',';
  let bestScore = -1;
  let bestFields = 0;
  CSV_DELIMITERS.forEach((delimiter, d) => {
    const perRecord = counts.map((record) => record[d] ?? 0);
    const first = perRecord[0] ?? 0;
    if (first === 0) return;
    const score = perRecord.filter((count) => count === first).length / perRecord.length;
    if (score > bestScore || (score === bestScore && first > bestFields)) {
      best = delimiter;
      bestScore = score;
      bestFields = first;
    }
  });
  return best;
}

/** For each of the first records, how often each candidate delimiter occurs outside quotes. */
function countPerRecord(sample: string): number[][] {
  const records: number[][] = [];
  let current = CSV_DELIMITERS.map(() => 0);
  let inQuotes = false;
  let blank = true;
  for (let i = 0; i < sample.length && records.length < SAMPLE_RECORDS; i++) {
    const ch = sample[i];
    if (ch === '"') {
      // A doubled quote inside a quoted field is an escaped quote, not the field's end.
      if (inQuotes && sample[i + 1] === '"') i++;
      else inQuotes = !inQuotes;
      blank = false;
    } else if (!inQuotes && (ch === '\n' || ch === '\r')) {
      if (!blank) records.push(current);
      current = CSV_DELIMITERS.map(() => 0);
      blank = true;
    } else if (!inQuotes) {
      const d = CSV_DELIMITERS.indexOf(ch as CsvDelimiter);
      if (d >= 0) current[d] = (current[d] ?? 0) + 1;
      if (ch !== ' ') blank = false;
    }
  }
  // The sample may end mid-record; only a record that ends inside the sample is trusted, unless
  // the whole file is a single line.
  if (!blank && records.length === 0) records.push(current);
  return records;
}
