/**
 * How a table row reads as a passage: `Row 12. name: Denver Intl; city: Denver; state: CO`, the
 * row's key cell first. Parsers write it and answers read it back, so the shape is defined once.
 */

export interface RowCell {
  column: string;
  value: string;
}

const ROW_PREFIX = /^Row (\d+)\. /u;
// A cell starts after "; " with a column name and ": ". A value that itself holds "; name: " is
// misread as two cells; CSV values are one line each and rarely look like that.
const CELL_BREAK = /; (?=[^;:\n]{1,120}: )/u;

/** The row's text; empty cells are left out, and the caller puts the key cell first. */
export function rowText(row: number, cells: readonly RowCell[]): string {
  return `Row ${row}. ${cells.map((c) => `${c.column}: ${c.value}`).join('; ')}`;
}

/**
 * What a passage is searched and judged by: a table row's text without its `Row 12.` label, which
 * the parser adds for reading and citing; indexed, it would match a question's numbers (a year, an
 * amount) in every table of a few thousand rows.
 */
export function indexedText(chunk: { text: string; row: number | null }): string {
  return chunk.row === null ? chunk.text : chunk.text.replace(ROW_PREFIX, '');
}

/** The row number and cells of a row's text; null for text of any other shape. */
export function readRowText(text: string): { row: number; cells: RowCell[] } | null {
  const prefix = ROW_PREFIX.exec(text);
  if (!prefix) return null;
  const cells: RowCell[] = [];
  for (const part of text.slice(prefix[0].length).split(CELL_BREAK)) {
    const colon = part.indexOf(': ');
    if (colon <= 0) return null;
    cells.push({ column: part.slice(0, colon), value: part.slice(colon + 2) });
  }
  return cells.length > 0 ? { row: Number(prefix[1]), cells } : null;
}
