import type { SourceRef } from '../../../../shared/api-types';

export interface AnswerPart {
  text: string;
  /** The citation number, for a `[n]` marker. */
  cite?: number;
  /** The sentence this marker cites: the text since the previous marker, on the marker's own line. */
  quote?: string;
}

/** Splits an answer into text and `[n]` markers, remembering which sentence each marker closes. */
export function splitCitations(answer: string): AnswerPart[] {
  const parts: AnswerPart[] = [];
  let last = 0;
  let sinceMarker = '';
  for (const m of answer.matchAll(/\[(\d{1,3})\]/gu)) {
    const before = answer.slice(last, m.index);
    if (before) parts.push({ text: before });
    // A line above the sentence (an extractive answer's "From “title”:") is not part of the quote.
    const ownLine = before.slice(before.lastIndexOf('\n') + 1);
    sinceMarker = ownLine.trim() ? ownLine : before.trim() ? before : sinceMarker;
    parts.push({ text: m[0], cite: Number(m[1]), quote: sinceMarker.trim() });
    last = (m.index ?? 0) + m[0].length;
  }
  if (last < answer.length) parts.push({ text: answer.slice(last) });
  return parts;
}

/**
 * The `sources` event lists the cited passages in the order their numbers first appear in the
 * answer, so the n-th distinct number is the n-th source.
 */
export function sourceByNumber(answer: string, sources: SourceRef[]): Map<number, SourceRef> {
  const numbers = [...new Set([...answer.matchAll(/\[(\d{1,3})\]/gu)].map((m) => Number(m[1])))];
  const map = new Map<number, SourceRef>();
  numbers.forEach((n, i) => {
    const source = sources[i];
    if (source) map.set(n, source);
  });
  return map;
}

export function whereLabel(source: { page: number | null; row: number | null; section?: string | null }): string {
  if (source.page !== null) return `p. ${source.page}`;
  if (source.row !== null) return `row ${source.row}`;
  return source.section ?? '';
}
