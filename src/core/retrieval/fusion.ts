/** A ranked list from one retrieval leg, best first. */
export interface RankedLeg {
  name: 'text' | 'named pages' | 'vector' | 'graph' | 'bridge pages';
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

/**
 * The fused order with the text leg's first `lead` passages in front: the other legs bring in
 * second hops and neighbours, which belong below the best direct match, not above it.
 */
export function withTextLead(fused: readonly string[], text: readonly string[], lead: number): string[] {
  const first = text.slice(0, lead);
  const pinned = new Set(first);
  return [...first, ...fused.filter((id) => !pinned.has(id))];
}

export function sortedByScore(scores: Map<string, number>): string[] {
  return [...scores.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([id]) => id);
}
