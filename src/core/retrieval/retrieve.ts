import type { RetrievalConfig } from '../config';
import type { ChunkRecord, ResolvedFact, StoredEntity, StoredFact } from '../model';
import type { Embedder, KnowledgeStore } from '../ports';
import type { KnowledgeGraph, WalkStep } from '../graph/knowledge-graph';
import { uniqueTerms } from '../text/analyze';
import { coverageOf, termWeights } from './coverage';
import { fuseByRank, sortedByScore, type RankedLeg } from './fusion';
import { candidateEntityKeys } from './query-entities';

export type QueryDepth = 'basic' | 'thinking' | 'research';

export interface RetrievalRequest {
  question: string;
  depth: QueryDepth;
  /** Entity names carried over from earlier turns of the conversation. */
  contextEntities: string[];
}

export interface RetrievedChunk {
  chunk: ChunkRecord;
  score: number;
  coverage: number;
}

export interface RetrievalResult {
  chunks: RetrievedChunk[];
  facts: ResolvedFact[];
  seeds: StoredEntity[];
  walk: WalkStep[];
  walkFacts: ResolvedFact[];
  coverage: number;
  insufficient: boolean;
  queryTerms: string[];
  idf: Map<string, number>;
}

export interface RetrievalDeps {
  store: KnowledgeStore;
  graph: KnowledgeGraph;
  embedder: Embedder | null;
  config: RetrievalConfig;
}

const MAX_FACTS = 60;
const HOPS: Record<QueryDepth, number> = { basic: 1, thinking: 2, research: 6 };

/**
 * Hybrid retrieval: BM25 over analysed terms, vector neighbours, and passages reached by walking
 * the entity graph from the entities the question names; fused by rank, then checked for coverage.
 */
export async function retrieve(deps: RetrievalDeps, request: RetrievalRequest): Promise<RetrievalResult> {
  const { store, graph, embedder, config } = deps;
  const terms = uniqueTerms(request.question);
  const stats = await store.termStats(terms);
  const variants = await stemVariants(store, terms, stats.docFrequency);
  const weights = termWeights(terms, stats.chunkCount, stats.docFrequency, variants);
  const searchTerms = [...terms, ...[...variants.values()].flat()];

  const seeds = await store.findEntitiesByKeys([
    ...candidateEntityKeys(request.question),
    ...request.contextEntities.flatMap(candidateEntityKeys),
  ]);
  const budget = request.depth === 'research' ? config.researchFactBudget : config.candidates * 4;
  const walk = graph.walk(seeds.map((s) => s.id), HOPS[request.depth], budget);

  const legs: RankedLeg[] = [
    { name: 'text', weight: 1, chunkIds: (await store.searchText(searchTerms, config.candidates)).map((r) => r.chunkId) },
  ];
  if (embedder) {
    const index = await store.ensureVectorIndex(embedder.id, embedder.dimensions);
    const [vector] = await embedder.embed([request.question]);
    if (vector) {
      const weight = config.vectorWeight[embedder.quality];
      const rows = weight > 0 ? await store.searchVectors(index, vector, config.candidates) : [];
      legs.push({ name: 'vector', weight, chunkIds: rows.map((r) => r.chunkId) });
    }
  }
  if (walk.length > 0) {
    const rows = await store.chunksMentioning(walk.map((w) => w.entityId), config.candidates);
    legs.push({ name: 'graph', weight: config.graphWeight[request.depth], chunkIds: rows.map((r) => r.chunkId) });
  }

  const scores = fuseByRank(legs, config.rrfK);
  const fused = sortedByScore(scores).slice(0, config.topK);
  const chunks = (await store.getChunks(fused)).map((chunk) => ({
    chunk,
    score: scores.get(chunk.id) ?? 0,
    coverage: coverageOf(chunk.text, weights),
  }));
  const coverage = chunks.reduce((max, c) => Math.max(max, c.coverage), 0);
  const insufficient = chunks.length === 0 || coverage < config.coverageThreshold;

  const walkFactIds = new Set(walk.flatMap((w) => (w.viaFactId ? [w.viaFactId] : [])));
  const seedIds = new Set(seeds.map((s) => s.id));
  const facts = new Map<string, StoredFact>();
  for (const f of await store.factsOfEntities(walk.map((w) => w.entityId), budget)) {
    if (walkFactIds.has(f.id) || seedIds.has(f.subjectId) || (f.objectId !== null && seedIds.has(f.objectId))) facts.set(f.id, f);
  }
  for (const f of await store.factsOfChunks(fused, MAX_FACTS)) facts.set(f.id, f);
  const resolved = await resolveFacts(store, rankFacts([...facts.values()], walkFactIds, seedIds).slice(0, MAX_FACTS));
  return {
    chunks: insufficient ? [] : chunks,
    facts: insufficient ? [] : resolved,
    seeds,
    walk,
    walkFacts: resolved.filter((f) => walkFactIds.has(f.id)),
    coverage,
    insufficient,
    queryTerms: weights.terms,
    idf: weights.idf,
  };
}

const MIN_VARIANT_PREFIX = 5;

/**
 * Porter stems do not always meet ("discovery" → discoveri, "discovered" → discov). A question
 * term the index has never seen borrows the indexed terms that share its stem's first letters
 * (and records their chunk counts in `df`).
 */
async function stemVariants(store: KnowledgeStore, terms: string[], df: Map<string, number>): Promise<Map<string, string[]>> {
  const variants = new Map<string, string[]>();
  for (const term of terms) {
    if ((df.get(term) ?? 0) > 0 || term.length < MIN_VARIANT_PREFIX + 2 || /\d/u.test(term)) continue;
    const prefix = term.slice(0, Math.max(MIN_VARIANT_PREFIX, term.length - 3));
    const found = await store.termsWithPrefix(prefix, 3);
    if (found.size === 0) continue;
    variants.set(term, [...found.keys()]);
    for (const [variant, count] of found) df.set(variant, count);
  }
  return variants;
}

/** Facts on the walk first, then facts about the named entities, then the rest; surest first within each. */
function rankFacts(facts: StoredFact[], walkFactIds: Set<string>, seedIds: Set<string>): StoredFact[] {
  const tier = (f: StoredFact): number =>
    walkFactIds.has(f.id) ? 0 : seedIds.has(f.subjectId) || (f.objectId !== null && seedIds.has(f.objectId)) ? 1 : 2;
  return facts.sort((a, b) => tier(a) - tier(b) || b.confidence - a.confidence);
}

/** Adds subject and object names to facts. */
export async function resolveFacts(store: KnowledgeStore, facts: StoredFact[]): Promise<ResolvedFact[]> {
  const ids = facts.flatMap((f) => (f.objectId ? [f.subjectId, f.objectId] : [f.subjectId]));
  const names = new Map((await store.getEntities(ids)).map((e) => [e.id, e.name]));
  return facts.map((f) => ({
    ...f,
    subject: names.get(f.subjectId) ?? f.subjectId,
    object: f.objectId ? (names.get(f.objectId) ?? f.objectId) : (f.value ?? ''),
  }));
}
