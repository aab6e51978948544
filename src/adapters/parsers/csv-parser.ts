import { parse } from 'csv-parse/sync';
import { rowText, type RowCell } from '../../core/parse/row-text';
import { ParseFailure, type FileParser, type ParsedBlock, type ParsedDocument, type StructuredFact } from '../../core/parse/types';
import { columnNames, keyColumns, looksLikeHeader } from './csv-columns';
import { detectDelimiter } from './csv-delimiter';
import { decodeText, encodingWarning } from './decode-text';
import { MIME } from './mime-types';

// Enough rows to judge a header and the key column without reading a large file twice.
const HEADER_SAMPLE_ROWS = 50;
const KEY_SAMPLE_ROWS = 1000;
const ABORT_CHECK_EVERY = 2000;

/**
 * CSV (and TSV, semicolon- or pipe-separated files): every data row becomes one atomic block
 * that reads as a sentence, `Row 12. name: Denver Intl; city: Denver; …` (key column first), and
 * a set of facts `subject = the row's key cell, predicate = column name, value = cell` (see
 * `keyColumns` for how the key column is chosen). `row` is the 1-based data row; the header is
 * row 0. Encoding and delimiter are detected; quoted fields may span lines.
 */
export function createCsvParser(): FileParser {
  return {
    mimeTypes: [MIME.csv],
    async parse(bytes, options): Promise<ParsedDocument> {
      const { signal } = options;
      signal?.throwIfAborted();
      const decoded = decodeText(bytes);
      const warnings: string[] = [];
      const encodingNote = encodingWarning(decoded);
      if (encodingNote) warnings.push(encodingNote);

      const records = readRecords(decoded.text);
      const first = records[0];
      if (!first) throw new ParseFailure('no_text_found', 'The CSV file contains no rows.');
      const hasHeader = looksLikeHeader(first, records.slice(1, 1 + HEADER_SAMPLE_ROWS));
      const data = hasHeader ? records.slice(1) : records;
      if (data.length === 0) throw new ParseFailure('no_text_found', 'The CSV file has a header but no data rows.');
      if (!hasHeader) warnings.push('No header row found; columns are named "column 1", "column 2", ….');

      const width = data.reduce((max, row) => Math.max(max, row.length), hasHeader ? first.length : 0);
      const names = columnNames(hasHeader ? first : null, width);
      const keys = keyColumns(names, data.slice(0, KEY_SAMPLE_ROWS));
      if (keys.length === 0) warnings.push('No column names the rows (all columns are numbers or mostly empty), so no facts were taken from them.');

      const blocks: ParsedBlock[] = [];
      const structuredFacts: StructuredFact[] = [];
      let ragged = 0;
      data.forEach((cells, index) => {
        if (index % ABORT_CHECK_EVERY === 0) signal?.throwIfAborted();
        if (hasHeader && cells.length !== first.length) ragged++;
        const row = index + 1;
        const values = cells.map(cleanCell);
        const key = keys.find((column) => values[column]);
        const order = key === undefined ? values.map((_, i) => i) : [key, ...values.map((_, i) => i).filter((i) => i !== key)];
        const shown: RowCell[] = [];
        for (const i of order) if (values[i]) shown.push({ column: names[i] ?? `column ${i + 1}`, value: values[i] ?? '' });
        if (shown.length === 0) return;

        const block = blocks.length;
        blocks.push({ text: rowText(row, shown), row, atomic: true });
        const subject = key === undefined ? undefined : values[key];
        if (key === undefined || !subject) return;
        values.forEach((value, i) => {
          if (i !== key && value) structuredFacts.push({ subject, predicate: names[i] ?? `column ${i + 1}`, value, block });
        });
      });
      if (blocks.length === 0) throw new ParseFailure('no_text_found', 'Every row of the CSV file is empty.');
      if (ragged > 0) warnings.push(`${ragged} row(s) have a different number of fields than the header.`);
      return { mimeType: MIME.csv, title: null, blocks, structuredFacts, warnings };
    },
  };
}

function readRecords(text: string): string[][] {
  if (!text.trim()) return [];
  try {
    return parse(text, {
      delimiter: detectDelimiter(text),
      bom: true,
      // Real files have short or long rows and stray quotes inside unquoted fields; read them
      // as they are rather than rejecting the whole file.
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ParseFailure('malformed', `The CSV file could not be read: ${reason}`);
  }
}

// One line per cell keeps the row sentence readable; the cell's words are unchanged.
function cleanCell(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}
