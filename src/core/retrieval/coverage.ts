import { analyze } from '../text/analyze';

export interface TermWeights {
  terms: string[];
  idf: Map<string, number>;
  /** Index terms that stand for a query term the index lacks ("discoveri" → "discov"). */
  variants: Map<string, string[]>;
}

/**
 * BM25-style inverse document frequency of each query term; unseen terms weigh the most, unless
 * a variant of theirs is indexed, in which case they weigh what the variant weighs.
 */
export function termWeights(
  terms: string[],
  chunkCount: number,
  docFrequency: Map<string, number>,
  variants: Map<string, string[]> = new Map(),
): TermWeights {
  const idf = new Map<string, number>();
  for (const term of terms) {
    const df = Math.max(docFrequency.get(term) ?? 0, ...(variants.get(term) ?? []).map((v) => docFrequency.get(v) ?? 0));
    idf.set(term, Math.log(1 + (chunkCount - df + 0.5) / (df + 0.5)));
  }
  return { terms: [...idf.keys()], idf, variants };
}

/**
 * Share of the question's information (IDF-weighted terms) that a passage contains, 0..1.
 * A question about something the knowledge base never mentions leaves its rarest terms
 * uncovered, which is what makes an off-topic question score low.
 */
export function coverageOf(text: string, weights: TermWeights): number {
  const total = weights.terms.reduce((sum, t) => sum + (weights.idf.get(t) ?? 0), 0);
  if (total <= 0) return 0;
  const present = new Set(analyze(text));
  const has = (t: string): boolean => present.has(t) || (weights.variants.get(t) ?? []).some((v) => present.has(v));
  const covered = weights.terms.reduce((sum, t) => sum + (has(t) ? (weights.idf.get(t) ?? 0) : 0), 0);
  return covered / total;
}
