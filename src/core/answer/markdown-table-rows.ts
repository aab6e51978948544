import type { RowCell } from '../parse/row-text';
import type { PassageWindow } from './passage-window';
import { isTableLine } from './text-shape';

const SEPARATOR = /^\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?$/u;

/**
 * The rows of the pipe tables (`| a | b |`) that the window's chunk holds at least in part, each
 * read whole from the window (a long table is cut into several chunks, often inside a row) and
 * named by the table's header when the window reaches back to it.
 */
export function pipeTableRows(window: PassageWindow): RowCell[][] {
  const rows: RowCell[][] = [];
  let header: string[] | null = null;
  let offset = 0;
  const lines = window.text.split('\n');
  lines.forEach((line, i) => {
    const start = window.start + offset;
    offset += line.length + 1;
    const trimmed = line.trim();
    if (!isTableLine(trimmed)) {
      header = null;
      return;
    }
    if (SEPARATOR.test(trimmed)) return;
    const cells = splitCells(trimmed);
    if (SEPARATOR.test(lines[i + 1]?.trim() ?? '')) {
      header = cells;
      return;
    }
    const cut = (i === 0 && window.openStart) || (i === lines.length - 1 && window.openEnd);
    const inChunk = start < window.chunkEnd && start + line.length > window.chunkStart;
    if (cut || !inChunk) return;
    const names: string[] | null = header;
    rows.push(cells.map((value, c) => ({ column: names?.[c] || `column ${c + 1}`, value })).filter((cell) => cell.value.length > 0));
  });
  return rows.filter((row) => row.length > 0);
}

/** The cells of a table line; `\|` is a pipe inside a cell. */
function splitCells(line: string): string[] {
  return line
    .replace(/^\|/u, '')
    .replace(/(?<!\\)\|$/u, '')
    .split(/(?<!\\)\|/u)
    .map((cell) => cell.trim().replaceAll('\\|', '|'));
}
