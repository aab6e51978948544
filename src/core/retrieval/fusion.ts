/** A ranked list from one retrieval leg, best first. */
export interface RankedLeg {
  name: 'text' | 'vector' | 'graph' | 'bridge' | 'bridge pages';
  weight: number;
  chunkIds: string[];
}

/**
 * Weighted reciprocal-rank fusion: each leg adds weight / (k + rank). Ranks, not raw scores, are
 * fused because BM25, cosine and walk scores live on unrelated scales.
 */
export function fuseByRank(legs: RankedLeg[], k: number): Map<string, number> {
  const scores = new Map<string, number>();
  for (const leg of legs) {
    if (leg.weight <= 0) continue;
    leg.chunkIds.forEach((id, index) => {
      scores.set(id, (scores.get(id) ?? 0) + leg.weight / (k + index + 1));
    });
  }
  return scores;
}

export function sortedByScore(scores: Map<string, number>): string[] {
  return [...scores.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([id]) => id);
}
