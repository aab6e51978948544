import type { ReasoningStep } from '../../shared/api-types';
import type { RetrievalResult } from '../retrieval/retrieve';

/**
 * The reasoning chain of a thinking/research query when no model reasons: the graph walk itself,
 * told step by step (which entities, which facts, which hop), then the ranking.
 */
export function reasoningFromWalk(result: RetrievalResult): ReasoningStep[] {
  const steps: Omit<ReasoningStep, 'step'>[] = [];
  steps.push({
    thought:
      result.seeds.length > 0
        ? `The question names ${result.seeds.map((s) => `"${s.name}" (${s.type})`).join(', ')}.`
        : 'The question names no entity known to the knowledge base; relying on the text index.',
    fact_ids: [],
  });
  const byHop = new Map<number, typeof result.walkFacts>();
  const hopOfFact = new Map(result.walk.flatMap((w) => (w.viaFactId ? [[w.viaFactId, w.hop] as const] : [])));
  for (const fact of result.walkFacts) {
    const hop = hopOfFact.get(fact.id) ?? 1;
    byHop.set(hop, [...(byHop.get(hop) ?? []), fact]);
  }
  for (const [hop, facts] of [...byHop.entries()].sort((a, b) => a[0] - b[0])) {
    const shown = facts.slice(0, 6).map((f) => `${f.subject} —${f.predicate}→ ${f.object}`);
    const more = facts.length > shown.length ? ` and ${facts.length - shown.length} more` : '';
    steps.push({ thought: `Hop ${hop}: ${shown.join('; ')}${more}.`, fact_ids: facts.map((f) => f.id) });
  }
  steps.push({
    thought: result.insufficient
      ? `No passage covers enough of the question (best coverage ${result.coverage.toFixed(2)}); not answering.`
      : `Ranked ${result.chunks.length} passages by text match, vector similarity and graph proximity; best coverage ${result.coverage.toFixed(2)}.`,
    fact_ids: [],
  });
  return steps.map((s, i) => ({ step: i + 1, ...s }));
}
