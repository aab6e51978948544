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
  const names = new Map(result.walkEntities.map((e) => [e.id, e.name]));
  const maxHop = result.walk.reduce((max, w) => Math.max(max, w.hop), 0);
  for (let hop = 1; hop <= maxHop; hop++) {
    const facts = byHop.get(hop) ?? [];
    const beside = result.walk.filter((w) => w.hop === hop && w.via === 'passage').flatMap((w) => names.get(w.entityId) ?? []);
    const parts: string[] = [];
    if (facts.length > 0) parts.push(listed(facts.map((f) => `${f.subject} —${f.predicate}→ ${f.object}`)));
    if (beside.length > 0) parts.push(`in the same passages: ${listed(beside)}`);
    if (parts.length > 0) steps.push({ thought: `Hop ${hop}: ${parts.join('; ')}.`, fact_ids: facts.map((f) => f.id) });
  }
  steps.push({
    thought: result.insufficient
      ? `No passage covers enough of the question (best coverage ${result.coverage.toFixed(2)}); not answering.`
      : `Ranked ${result.chunks.length} passages by text match, vector similarity and graph proximity; best coverage ${result.coverage.toFixed(2)}.`,
    fact_ids: [],
  });
  return steps.map((s, i) => ({ step: i + 1, ...s }));
}

function listed(items: string[], shown = 6): string {
  const more = items.length > shown ? ` and ${items.length - shown} more` : '';
  return `${items.slice(0, shown).join('; ')}${more}`;
}
