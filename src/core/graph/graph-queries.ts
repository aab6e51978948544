import type { EntityGraphView } from './knowledge-graph';

export interface EntityFilter {
  /** Only entities of these types (the entity asked about is always kept). */
  types?: string[];
  minDegree?: number;
}

export interface EntitySummary {
  id: string;
  name: string;
  type: string;
  degree: number;
}

export interface SubgraphNode extends EntitySummary {
  /** Hops from the entity asked about; 0 for it, and for every node of an overview. */
  hop: number;
  /** Passages that mention it, when the explorer has read them (0 otherwise). */
  passages: number;
}

/**
 * Parallel relationship facts between two entities are drawn as one edge ('fact'); two entities
 * that passages name together without a stated fact are linked 'mentioned_with'.
 */
export interface SubgraphEdge {
  source: string;
  target: string;
  kind: 'fact' | 'mentioned_with';
  predicates: string[];
  factIds: string[];
  /** Facts of a 'fact' edge; passages naming both of a 'mentioned_with' one. */
  count: number;
  /** Facts of a 'fact' edge; the co-mention weight (co-mentions.ts) of a 'mentioned_with' one. */
  weight: number;
}

export interface Subgraph {
  nodes: SubgraphNode[];
  edges: SubgraphEdge[];
  /** Entities in the whole graph. */
  totalEntities: number;
  /** True when the limit cut nodes that the depth would have reached. */
  truncated: boolean;
}

const MAX_EDGES_PER_NODE = 6;

export function summarize(graph: EntityGraphView, id: string): EntitySummary {
  const attributes = graph.getNodeAttributes(id);
  return { id, name: attributes.name ?? id, type: attributes.type ?? 'other', degree: graph.degree(id) };
}

export function passes(entity: EntitySummary, filter: EntityFilter): boolean {
  if (filter.types && filter.types.length > 0 && !filter.types.includes(entity.type)) return false;
  return entity.degree >= (filter.minDegree ?? 0);
}

export const byDegree = (a: EntitySummary, b: EntitySummary): number => b.degree - a.degree || a.name.localeCompare(b.name);

/**
 * Entities whose name contains `search` (case-insensitive): exact names first, then names that
 * start with it, then the rest, best connected first within each. Without `search`, the best
 * connected entities: the hubs a person starts exploring from.
 */
export function searchEntities(graph: EntityGraphView, search: string, filter: EntityFilter, limit: number): { entities: EntitySummary[]; total: number } {
  const needle = search.trim().toLocaleLowerCase();
  const rank = (name: string): number => {
    const lower = name.toLocaleLowerCase();
    return lower === needle ? 0 : lower.startsWith(needle) ? 1 : 2;
  };
  const found: EntitySummary[] = [];
  graph.forEachNode((id) => {
    const entity = summarize(graph, id);
    if (needle && !entity.name.toLocaleLowerCase().includes(needle)) return;
    if (passes(entity, filter)) found.push(entity);
  });
  found.sort((a, b) => (needle ? rank(a.name) - rank(b.name) : 0) || byDegree(a, b));
  return { entities: found.slice(0, limit), total: found.length };
}

/**
 * The neighbourhood of one entity, breadth first up to `depth` hops and `limit` entities; the
 * best connected neighbours are kept first so a cut keeps the informative part. Without an entity,
 * an overview: the `limit` best connected entities (with at least one relationship) and the edges among them. Either way the
 * browser never gets the whole graph, which is what keeps the explorer smooth at 10,000+ entities.
 */
export function subgraph(graph: EntityGraphView, entityId: string | null, depth: number, limit: number, filter: EntityFilter): Subgraph {
  const included = new Map<string, SubgraphNode>();
  let truncated = false;
  if (entityId === null) {
    // Entities without any relationship would only be scattered dots in an overview; search finds them.
    const { entities, total } = searchEntities(graph, '', { ...filter, minDegree: Math.max(1, filter.minDegree ?? 0) }, limit);
    for (const e of entities) included.set(e.id, { ...e, hop: 0, passages: 0 });
    truncated = total > entities.length;
  } else {
    included.set(entityId, { ...summarize(graph, entityId), hop: 0, passages: 0 });
    let frontier = [entityId];
    for (let hop = 1; hop <= depth && frontier.length > 0; hop++) {
      const candidates = new Map<string, EntitySummary>();
      for (const from of frontier) {
        for (const edge of graph.edges(from)) {
          const to = graph.opposite(from, edge);
          if (included.has(to) || candidates.has(to)) continue;
          const entity = summarize(graph, to);
          if (passes(entity, filter)) candidates.set(to, entity);
        }
      }
      const ranked = [...candidates.values()].sort(byDegree);
      const room = limit - included.size;
      if (ranked.length > room) truncated = true;
      for (const e of ranked.slice(0, Math.max(0, room))) included.set(e.id, { ...e, hop, passages: 0 });
      frontier = ranked.slice(0, Math.max(0, room)).map((e) => e.id);
    }
  }
  return { nodes: [...included.values()], edges: edgesAmong(graph, included), totalEntities: graph.order, truncated };
}

/** Edges whose both ends are shown, merged per pair, at most a few per node so hubs stay readable. */
export function edgesAmong(graph: EntityGraphView, included: Map<string, SubgraphNode>): SubgraphEdge[] {
  const pairs = new Map<string, SubgraphEdge>();
  const perNode = new Map<string, number>();
  for (const id of included.keys()) {
    for (const edge of graph.edges(id)) {
      const [source, target] = graph.extremities(edge);
      if (!included.has(source) || !included.has(target) || source === target) continue;
      const key = source < target ? `${source}|${target}` : `${target}|${source}`;
      const existing = pairs.get(key);
      const { predicate } = graph.getEdgeAttributes(edge);
      if (existing) {
        if (!existing.factIds.includes(edge)) {
          existing.factIds.push(edge);
          existing.count = existing.weight = existing.factIds.length;
          if (!existing.predicates.includes(predicate)) existing.predicates.push(predicate);
        }
        continue;
      }
      const hopOf = (n: string): number => included.get(n)?.hop ?? 0;
      // Edges that lead back toward the centre are always kept; the cap only thins sideways links.
      const structural = Math.abs(hopOf(source) - hopOf(target)) === 1;
      const crowded = (perNode.get(source) ?? 0) >= MAX_EDGES_PER_NODE || (perNode.get(target) ?? 0) >= MAX_EDGES_PER_NODE;
      if (!structural && crowded) continue;
      pairs.set(key, { source, target, kind: 'fact', predicates: [predicate], factIds: [edge], count: 1, weight: 1 });
      perNode.set(source, (perNode.get(source) ?? 0) + 1);
      perNode.set(target, (perNode.get(target) ?? 0) + 1);
    }
  }
  return [...pairs.values()];
}
