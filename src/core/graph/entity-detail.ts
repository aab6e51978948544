import { notFound } from '../errors';
import type { ResolvedFact } from '../model';
import type { KnowledgeStore } from '../ports';
import { resolveFacts } from '../retrieval/retrieve';
import { summarize, type EntitySummary } from './graph-queries';
import type { KnowledgeGraph } from './knowledge-graph';

/** Where a fact was read: its passage, and the sentence inside it to highlight. */
export interface FactSource {
  documentId: string;
  title: string;
  chunkId: string;
  page: number | null;
  row: number | null;
  section: string | null;
  sentenceStart: number;
  sentenceEnd: number;
}

export interface EntityNeighbour extends EntitySummary {
  /** Predicates of the relationships between the two, as stored (subject → object). */
  predicates: string[];
}

export interface EntityDetail {
  entity: EntitySummary;
  facts: (ResolvedFact & { source: FactSource })[];
  neighbours: EntityNeighbour[];
}

/**
 * One entity for the graph explorer: its surest facts (as subject or object), each with the
 * passage and sentence it came from, and its neighbours in the graph, best connected first.
 */
export async function entityDetail(
  store: KnowledgeStore,
  graph: KnowledgeGraph,
  id: string,
  limits: { facts: number; neighbours: number },
): Promise<EntityDetail> {
  const view = graph.view;
  if (!view.hasNode(id)) throw notFound('entity', id);
  const stored = await store.factsOfEntities([id], limits.facts);
  const facts = (await resolveFacts(store, stored)).sort((a, b) => b.confidence - a.confidence).slice(0, limits.facts);
  const chunks = new Map((await store.getChunks([...new Set(facts.map((f) => f.chunkId))])).map((c) => [c.id, c]));
  const titles = new Map<string, string>();
  for (const documentId of new Set(facts.map((f) => f.documentId))) {
    const doc = await store.getDocument(documentId);
    if (doc) titles.set(documentId, doc.title);
  }
  const withSources = facts.map((f) => {
    const chunk = chunks.get(f.chunkId);
    const source: FactSource = {
      documentId: f.documentId,
      title: titles.get(f.documentId) ?? 'Untitled',
      chunkId: f.chunkId,
      page: chunk?.page ?? null,
      row: chunk?.row ?? null,
      section: chunk?.section ?? null,
      sentenceStart: f.sentenceStart,
      sentenceEnd: f.sentenceEnd,
    };
    return { ...f, source };
  });

  const neighbours = new Map<string, EntityNeighbour>();
  for (const edge of view.edges(id)) {
    const other = view.opposite(id, edge);
    const { predicate } = view.getEdgeAttributes(edge);
    const entry = neighbours.get(other) ?? { ...summarize(view, other), predicates: [] };
    if (!entry.predicates.includes(predicate)) entry.predicates.push(predicate);
    neighbours.set(other, entry);
  }
  const ranked = [...neighbours.values()].sort((a, b) => b.degree - a.degree || a.name.localeCompare(b.name));
  return { entity: summarize(view, id), facts: withSources, neighbours: ranked.slice(0, limits.neighbours) };
}
