/**
 * Where a query's time goes: the steps of `retrieve()` and `prepareQuery()` replayed one by one
 * against the same store and graph, each timed on its own. It mirrors src/core/retrieval/retrieve.ts
 * (basic depth, default weights); if that file changes order or calls, change this one too. The
 * figures explain the end-to-end latency; they are not a second measurement of it.
 */
import { DEFAULT_RETRIEVAL, type RetrievalConfig } from '../src/core/config';
import { createHashedEmbedder } from '../src/core/embed/hashed-embedder';
import type { KnowledgeBase } from '../src/core/knowledge-base';
import { coverageOf, termWeights } from '../src/core/retrieval/coverage';
import { fuseByRank, sortedByScore, type RankedLeg } from '../src/core/retrieval/fusion';
import { candidateEntityKeys } from '../src/core/retrieval/query-entities';
import { resolveFacts } from '../src/core/retrieval/retrieve';
import { uniqueTerms } from '../src/core/text/analyze';
import { summarize, type LatencySummary } from './stats';

export interface LegTiming extends LatencySummary {
  step: string;
  /** Time per question, averaged over all questions (a step that was skipped counts as 0). */
  perQuestion: number;
  /** Share of the total time of all steps. */
  share: number;
}

const BASIC_HOPS = 1;
const MAX_FACTS = 60;

export async function timeRetrievalLegs(kb: KnowledgeBase, questions: readonly string[], config: RetrievalConfig = DEFAULT_RETRIEVAL): Promise<LegTiming[]> {
  const store = kb.store;
  const graph = await kb.loadGraph();
  const embedder = createHashedEmbedder();
  const samples = new Map<string, number[]>();
  const step = async <T>(name: string, work: () => T | Promise<T>): Promise<T> => {
    const start = performance.now();
    const value = await work();
    const list = samples.get(name) ?? [];
    list.push(performance.now() - start);
    samples.set(name, list);
    return value;
  };

  for (const question of questions) {
    const terms = await step('analyze question', () => uniqueTerms(question));
    const stats = await step('store.termStats (fts5vocab)', () => store.termStats(terms));
    const weights = termWeights(terms, stats.chunkCount, stats.docFrequency);
    const seeds = await step('store.findEntitiesByKeys', () => store.findEntitiesByKeys(candidateEntityKeys(question)));
    const budget = config.candidates * 4;
    const walk = await step('graph.walk', () => graph.walk(seeds.map((s) => s.id), BASIC_HOPS, budget));
    const text = await step('store.searchText (FTS5 bm25)', () => store.searchText(terms, config.candidates));
    const legs: RankedLeg[] = [{ name: 'text', weight: 1, chunkIds: text.map((r) => r.chunkId) }];
    const vector = await step('embed question', async () => (await embedder.embed([question]))[0]);
    const index = await store.ensureVectorIndex(embedder.id, embedder.dimensions);
    if (vector) {
      const rows = await step('store.searchVectors (vec0 knn)', () => store.searchVectors(index, vector, config.candidates));
      legs.push({ name: 'vector', weight: config.vectorWeight.lexical, chunkIds: rows.map((r) => r.chunkId) });
    }
    if (walk.length > 0) {
      const rows = await step('store.chunksMentioning', () => store.chunksMentioning(walk.map((w) => w.entityId), config.candidates));
      legs.push({ name: 'graph', weight: config.graphWeight, chunkIds: rows.map((r) => r.chunkId) });
    }
    const fused = sortedByScore(fuseByRank(legs, config.rrfK)).slice(0, config.topK);
    const chunks = await step('store.getChunks', () => store.getChunks(fused));
    await step('coverage of top chunks', () => chunks.map((c) => coverageOf(c.text, weights)));
    const walkFacts = await step('store.factsOfEntities', () => store.factsOfEntities(walk.map((w) => w.entityId), budget));
    const chunkFacts = await step('store.factsOfChunks', () => store.factsOfChunks(fused, MAX_FACTS));
    await step('resolveFacts (getEntities)', () => resolveFacts(store, [...walkFacts, ...chunkFacts].slice(0, MAX_FACTS)));
    await step('document titles (getDocument)', async () => {
      for (const id of new Set(chunks.map((c) => c.documentId))) await store.getDocument(id);
    });
  }

  // Shares come from total time, not means: a step that runs for only some questions (the graph
  // leg needs a named entity) must not look bigger than it is.
  const timings = [...samples.entries()].map(([name, list]) => ({ step: name, share: 0, ...summarize(list), perQuestion: list.reduce((a, b) => a + b, 0) / questions.length }));
  const total = timings.reduce((sum, t) => sum + t.perQuestion, 0);
  for (const t of timings) t.share = total > 0 ? t.perQuestion / total : 0;
  return timings.sort((a, b) => b.perQuestion - a.perQuestion);
}
