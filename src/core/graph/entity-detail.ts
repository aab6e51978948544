import { notFound } from '../errors';
import type { AliasRecord, ResolvedFact } from '../model';
import type { KnowledgeStore } from '../ports';
import { resolveFacts } from '../retrieval/retrieve';
import { summarize, type EntitySummary } from './graph-queries';
import { withSources, type FactSource } from './fact-sources';
import { documentTitles } from '../retrieval/document-titles';
import type { KnowledgeGraph } from './knowledge-graph';

export type { FactSource };

export interface EntityNeighbour extends EntitySummary {
  /** Predicates of the relationships between the two, as stored (subject → object). */
  predicates: string[];
}

export interface EntityDetail {
  entity: EntitySummary;
  facts: (ResolvedFact & { source: FactSource })[];
  neighbours: EntityNeighbour[];
  /** Other names it goes by: the entities merged into it and the aliases documents gave it. */
  aliases: string[];
  /** Stored entities whose mentions and facts count for this one. */
  mergedEntities: { id: string; name: string }[];
  /** Which document said which name stands for it, and why. */
  mergeHistory: (AliasRecord & { title: string })[];
}

/**
 * One entity for the graph explorer: its surest facts (as subject or object), each with the
 * passage and sentence it came from, and its neighbours in the graph, best connected first.
 */
export async function entityDetail(
  store: KnowledgeStore,
  graph: KnowledgeGraph,
  requested: string,
  limits: { facts: number; neighbours: number },
): Promise<EntityDetail> {
  const view = graph.view;
  // An entity merged into another is shown as the one it counts for.
  const resolution = await store.entityResolution(requested);
  const id = resolution?.canonicalId ?? requested;
  if (!view.hasNode(id)) throw notFound('entity', requested);
  const stored = await store.factsOfEntities([id], limits.facts);
  const facts = (await resolveFacts(store, stored)).sort((a, b) => b.confidence - a.confidence).slice(0, limits.facts);
  const history = resolution?.history ?? [];
  const titles = await documentTitles(store, [...facts.map((f) => f.documentId), ...history.map((h) => h.documentId)]);
  const sourced = await withSources(store, facts, titles);

  const neighbours = new Map<string, EntityNeighbour>();
  for (const edge of view.edges(id)) {
    const other = view.opposite(id, edge);
    const { predicate } = view.getEdgeAttributes(edge);
    const entry = neighbours.get(other) ?? { ...summarize(view, other), predicates: [] };
    if (!entry.predicates.includes(predicate)) entry.predicates.push(predicate);
    neighbours.set(other, entry);
  }
  const ranked = [...neighbours.values()].sort((a, b) => b.degree - a.degree || a.name.localeCompare(b.name));
  const entity = summarize(view, id);
  const members = resolution?.members ?? [];
  const aliases = [...new Set([...members.map((m) => m.name), ...history.map((h) => h.alias)])].filter((name) => name !== entity.name);
  return {
    entity,
    facts: sourced,
    neighbours: ranked.slice(0, limits.neighbours),
    aliases,
    mergedEntities: members.map((m) => ({ id: m.id, name: m.name })),
    mergeHistory: history.map((h) => ({ ...h, title: titles.get(h.documentId) ?? 'Untitled' })),
  };
}
