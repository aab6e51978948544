import type { ChunkRecord } from '../model';
import { readRowText, type RowCell } from '../parse/row-text';
import type { RetrievedChunk } from '../retrieval/retrieve';
import { analyze } from '../text/analyze';
import { pipeTableRows } from './markdown-table-rows';
import { passageWindow } from './passage-window';
import { beyondTitle, matchWeight, wantedWords, type QuestionTerms } from './question-terms';
import { holdsName } from '../retrieval/question-names';

/** A table row that answers the question, written from its own values. */
export interface RowAnswer {
  text: string;
  /** Index into the retrieved chunks. */
  chunkIndex: number;
  documentId: string;
  score: number;
}

/** At most this many rows are listed; the cited chunks hold the rest of each row. */
const MAX_ROWS = 10;
/** Values shown beside a row's key: enough to tell rows apart, short enough to scan a list. */
const MAX_ROW_VALUES = 4;
/** A row is listed when it matches at least this share of what the best item of the answer matches. */
export const ROW_SHARE = 0.5;
const NUMBER = /^[-+]?(?:\d[\d,]*(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?%?$/u;

/**
 * The retrieved table rows whose values hold the question's words ("airports in AK": rows whose
 * state is AK), best first, each as "key (value, value, …)": a CSV row's chunk, or the rows of a
 * pipe table in a passage. A row is not a sentence, so it is described rather than quoted.
 */
export function matchingRows(chunks: readonly RetrievedChunk[], question: QuestionTerms, titles: ReadonlyMap<string, string>, neighbours: readonly ChunkRecord[]): RowAnswer[] {
  const rows: (RowAnswer & { whole: boolean })[] = [];
  const seen = new Set<string>();
  const sequences = question.sequences ?? [];
  chunks.forEach(({ chunk }, chunkIndex) => {
    const asked = beyondTitle(question, titles.get(chunk.documentId) ?? '');
    const wanted = wantedWords(asked);
    const columnWords = new Set([...wanted, ...asked.terms.flatMap((t) => asked.relatives?.get(t) ?? [])]);
    const csvRow = chunk.row === null ? null : readRowText(chunk.text);
    const tableRows = csvRow ? [csvRow.cells] : chunk.row === null ? pipeTableRows(passageWindow(chunk, neighbours)) : [];
    for (const cells of tableRows) {
      const values = cells.map((c) => c.value).join(' \n ');
      const score = matchWeight(asked, values);
      const text = describeRow(cells, wanted, columnWords);
      if (score > 0 && !seen.has(text)) {
        seen.add(text);
        const terms = sequences.length > 0 ? analyze(values) : [];
        rows.push({ text, chunkIndex, documentId: chunk.documentId, score, whole: sequences.some((q) => holdsName(terms, q)) });
      }
    }
  });
  // Where a row holds the date or code asked about whole, rows that only share its numbers
  // (a 25.6 and a 12.2 beside "25 December") are not what was asked.
  const listed = rows.some((r) => r.whole) ? rows.filter((r) => r.whole) : rows;
  const best = Math.max(0, ...listed.map((r) => r.score));
  return listed.filter((r) => r.score >= best * ROW_SHARE).slice(0, MAX_ROWS).map(({ whole: _, ...row }) => row);
}

/** Shortest column word read as a shortening of a question's word ("temp" for temperature, "max" for maximum). */
const MIN_SHORTENED = 3;

/**
 * Whether the question names a column: one of its words is a word of the column's name, or the
 * name writes it shortened, as tables do ("temp_max" for the maximum temperature, "precip").
 */
function namesColumn(column: string, wanted: ReadonlySet<string>): boolean {
  return analyze(column).some((c) => wanted.has(c) || (c.length >= MIN_SHORTENED && [...wanted].some((w) => w.length > c.length && w.startsWith(c))));
}

/**
 * The key cell, then the values that matched the question and the row's other text values, in
 * the table's column order. Numbers are shown with their column's name, and only when the
 * question names the column (in `columnWords`: its words and their relatives, "rain" for
 * precipitation) or the number: a bare "61.17" says nothing.
 */
export function describeRow(cells: readonly RowCell[], wanted: ReadonlySet<string>, columnWords: ReadonlySet<string> = wanted): string {
  const [key, ...rest] = cells;
  if (!key) return '';
  const mentioned = (text: string): boolean => analyze(text).some((t) => wanted.has(t));
  const candidates = rest
    .map((cell, i) => ({ cell, i, matched: mentioned(cell.value) || namesColumn(cell.column, columnWords), numeric: NUMBER.test(cell.value) }))
    .filter((c) => c.cell.value.toLowerCase() !== key.value.toLowerCase() && (c.matched || !c.numeric));
  const chosen = [...candidates.filter((c) => c.matched), ...candidates.filter((c) => !c.matched)].slice(0, MAX_ROW_VALUES).sort((a, b) => a.i - b.i);
  const values = chosen.map((c) => (c.numeric ? `${c.cell.column} ${c.cell.value}` : c.cell.value));
  return values.length > 0 ? `${key.value} (${values.join(', ')})` : key.value;
}
