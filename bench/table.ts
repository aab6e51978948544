/** Aligned plain-text tables: text columns left-aligned, numeric columns right-aligned. */
export type Cell = string | number;

export function formatTable(headers: string[], rows: Cell[][]): string {
  const text = rows.map((row) => row.map((cell) => String(cell)));
  const numeric = headers.map((_, i) => rows.length > 0 && rows.every((row) => typeof row[i] === 'number' || /^[-+]?[\d.,]+( ?[%a-zA-Z/]+)?$/u.test(String(row[i]))));
  const widths = headers.map((h, i) => Math.max(h.length, ...text.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]): string =>
    cells
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...text.map(line)].join('\n');
}

export const fixed = (value: number, digits = 1): string => value.toFixed(digits);
export const mb = (bytes: number): string => (bytes / 1e6).toFixed(1);
