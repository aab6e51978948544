import type { ChunkRecord } from '../model';
import { analyze } from '../text/analyze';
import { indexedText } from '../parse/row-text';
import { weightOf, type TermWeights } from './coverage';
import { holdsName } from './question-names';

const K1 = 1.2;
const B = 0.75;
/**
 * What a passage gains for holding one of the question's names whole, against the name's words'
 * weight: "Kate Ramsay" together says more than "Ramsay" in one place and "Kate" in another.
 */
const NAME_BONUS = 0.5;

/** A text match with what it is indexed under: its document's title and its section's headings. */
export interface Candidate {
  chunk: ChunkRecord;
  heading: string;
}

/**
 * The text matches ranked again by BM25 with the question's term weights, the base's counts pooled
 * with general English's (coverage.ts `priorPassages`; `scale`: the IDF they are shares of), instead
 * of the index's own IDF. A small knowledge base
 * says little about which words are rare: in 170 passages "get", "new" and "week" are as rare as
 * "iPhone", and a passage of first-week notes outranked the handbook's page on a new phone's
 * login codes.
 */
export function rescore(candidates: readonly Candidate[], weights: TermWeights, scale: number, names: readonly (readonly string[])[] = []): string[] {
  const indexed = candidates.map((c) => [...analyze(c.heading), ...analyze(indexedText(c.chunk))]);
  const averageLength = indexed.reduce((sum, terms) => sum + terms.length, 0) / Math.max(1, indexed.length);
  const scored = candidates.map((c, i) => {
    const terms = indexed[i] ?? [];
    const counts = new Map<string, number>();
    for (const t of terms) counts.set(t, (counts.get(t) ?? 0) + 1);
    const norm = K1 * (1 - B + (B * terms.length) / Math.max(1, averageLength));
    let score = 0;
    for (const term of weights.terms) {
      let tf = [term, ...(weights.variants.get(term) ?? [])].reduce((n, t) => n + (counts.get(t) ?? 0), 0);
      let credit = 1;
      // A word the passage holds only as two ("pay" … "day" for "payday") counts as coverage counts it: where both are, as a related word.
      const parts = tf === 0 ? weights.related.get(term)?.find((r) => r.source === 'compound')?.terms : undefined;
      if (parts) {
        tf = Math.min(...parts.map((t) => counts.get(t) ?? 0));
        credit = weights.relatedCredit;
      }
      if (tf > 0) score += (credit * (weights.idf.get(term) ?? 0) * scale * tf * (K1 + 1)) / (tf + norm);
    }
    for (const name of names) if (holdsName(terms, name)) score += NAME_BONUS * scale * weightOf(name, weights.idf);
    return { id: c.chunk.id, score, rank: i };
  });
  return scored.sort((a, b) => b.score - a.score || a.rank - b.rank).map((s) => s.id);
}
