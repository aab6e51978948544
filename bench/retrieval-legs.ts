/**
 * Where a query's time goes: `retrieve()` itself, run with a step timer, so the figures measure
 * the real code path (basic depth, default weights). They explain the end-to-end latency; they
 * are not a second measurement of it.
 */
import { DEFAULT_RETRIEVAL, type RetrievalConfig } from '../src/core/config';
import { createHashedEmbedder } from '../src/core/embed/hashed-embedder';
import type { KnowledgeBase } from '../src/core/knowledge-base';
import { retrieve, type StepTimer } from '../src/core/retrieval/retrieve';
import { summarize, type LatencySummary } from './stats';

export interface LegTiming extends LatencySummary {
  step: string;
  /** Time per question, averaged over all questions (a step that was skipped counts as 0). */
  perQuestion: number;
  /** Share of the total time of all steps. */
  share: number;
}

export async function timeRetrievalLegs(kb: KnowledgeBase, questions: readonly string[], config: RetrievalConfig = DEFAULT_RETRIEVAL): Promise<LegTiming[]> {
  const graph = await kb.loadGraph();
  const embedder = createHashedEmbedder();
  const samples = new Map<string, number[]>();
  const time: StepTimer = async (name, run) => {
    const start = performance.now();
    const value = await run();
    samples.set(name, [...(samples.get(name) ?? []), performance.now() - start]);
    return value;
  };
  for (const question of questions) {
    await retrieve({ store: kb.store, graph, embedder, config, time }, { question, depth: 'basic', contextEntities: [], scope: null });
  }
  // Shares come from total time, not means: a step that runs for only some questions (the graph
  // leg needs a named entity) must not look bigger than it is.
  const timings = [...samples.entries()].map(([name, list]) => ({
    step: name,
    share: 0,
    ...summarize(list),
    perQuestion: list.reduce((a, b) => a + b, 0) / questions.length,
  }));
  const total = timings.reduce((sum, t) => sum + t.perQuestion, 0);
  for (const t of timings) t.share = total > 0 ? t.perQuestion / total : 0;
  return timings.sort((a, b) => b.perQuestion - a.perQuestion);
}
