import type { MentionGraphStore } from '../ports';
import { coMentions, otherEnd, pairKey, UNLINKED_TYPES, type CoMention } from './co-mentions';
import { byDegree, edgesAmong, passes, subgraph, summarize, type EntityFilter, type EntitySummary, type Subgraph, type SubgraphEdge, type SubgraphNode } from './graph-queries';
import type { EntityGraphView } from './knowledge-graph';
import { ENTITY_TYPES } from '../extract/types';

export interface ExploreOptions {
  /** Also link entities that passages name together ('mentioned_with' edges) and walk along them. */
  coMentions: boolean;
}

/** Companions taken per entity of the frontier at each hop, strongest first. */
const MENTION_FAN_OUT = 15;
/** Co-mention edges kept per node among the drawn ones, strongest first, beside the ones that reached it. */
const MENTION_EDGES_PER_NODE = 5;
/** Passages read per entity when looking for its companions, and when linking a drawn neighbourhood. */
const PASSAGES_PER_FRONTIER_ENTITY = 300;
const PASSAGES_PER_DRAWN_ENTITY = 100;

/**
 * The explorer's neighbourhood or overview. An overview starts from the most central entities of
 * the whole base: those the most passages mention plus the most relationships state something
 * about (`centrality = passages + degree`), so a base whose facts are few still shows what it is
 * about. With co-mentions, a neighbourhood also grows along the strongest companions of each
 * frontier entity, after its stated relationships.
 */
export async function exploreSubgraph(
  store: MentionGraphStore,
  view: EntityGraphView,
  entityId: string | null,
  request: { depth: number; limit: number; filter: EntityFilter },
  options: ExploreOptions,
): Promise<Subgraph> {
  const { depth, limit, filter } = request;
  let shown: Subgraph;
  const reachedBy: CoMention[] = [];
  // Without co-mentions an entity no fact links would be a lone dot in the overview; search finds it.
  if (entityId === null) shown = await overview(store, view, limit, options.coMentions ? filter : { ...filter, minDegree: Math.max(1, filter.minDegree ?? 0) });
  else if (!options.coMentions) shown = subgraph(view, entityId, depth, limit, filter);
  else shown = await neighbourhood(store, view, entityId, request, reachedBy);
  const included = new Map(shown.nodes.map((n) => [n.id, n]));
  const { counts } = await store.mentionCounts([...included.keys()]);
  for (const node of included.values()) node.passages = counts.get(node.id) ?? 0;
  if (!options.coMentions) return shown;
  const links = await coMentions(store, [...included.keys()], { perEntity: PASSAGES_PER_DRAWN_ENTITY, among: true });
  const edges = [...shown.edges, ...mentionEdges(shown.edges, links, reachedBy)];
  if (entityId !== null) return { ...shown, edges };
  // An entity that no fact or passage links to the others would be a lone dot in the overview; search finds it.
  const linked = new Set(edges.flatMap((e) => [e.source, e.target]));
  return { ...shown, nodes: shown.nodes.filter((n) => linked.has(n.id)), edges };
}

/** The `limit` most central entities that pass the filter, with the edges among them. */
async function overview(store: MentionGraphStore, view: EntityGraphView, limit: number, filter: EntityFilter): Promise<Subgraph> {
  const wanted = filter.types && filter.types.length > 0 ? filter.types : null;
  const excluded = wanted ? ENTITY_TYPES.filter((t) => !wanted.includes(t)) : UNLINKED_TYPES;
  const pool = limit * 3;
  const mentioned = await store.mostMentioned(pool, excluded);
  const passagesOf = new Map(mentioned.map((m) => [m.entityId, m.passages]));
  const candidates = new Map<string, EntitySummary>();
  for (const id of passagesOf.keys()) if (view.hasNode(id)) candidates.set(id, summarize(view, id));
  // The best connected by facts compete too: a base with a few much-stated entities shows them.
  const byFacts: EntitySummary[] = [];
  view.forEachNode((id) => {
    if (view.degree(id) > 0) byFacts.push(summarize(view, id));
  });
  for (const e of byFacts.sort(byDegree).slice(0, pool)) candidates.set(e.id, e);
  const missing = [...candidates.keys()].filter((id) => !passagesOf.has(id));
  if (missing.length > 0) for (const [id, n] of (await store.mentionCounts(missing)).counts) passagesOf.set(id, n);
  const centrality = (e: EntitySummary): number => (passagesOf.get(e.id) ?? 0) + e.degree;
  const ranked = [...candidates.values()]
    .filter((e) => passes(e, filter) && (!wanted ? !UNLINKED_TYPES.includes(e.type) : true) && centrality(e) > 0)
    .sort((a, b) => centrality(b) - centrality(a) || byDegree(a, b));
  const included = new Map<string, SubgraphNode>();
  for (const e of ranked.slice(0, limit)) included.set(e.id, { ...e, hop: 0, passages: passagesOf.get(e.id) ?? 0 });
  return { nodes: [...included.values()], edges: edgesAmong(view, included), totalEntities: view.order, truncated: ranked.length > limit };
}

/** Breadth first from the entity: its stated relationships first, then its strongest companions in passages. */
async function neighbourhood(
  store: MentionGraphStore,
  view: EntityGraphView,
  entityId: string,
  { depth, limit, filter }: { depth: number; limit: number; filter: EntityFilter },
  reachedBy: CoMention[],
): Promise<Subgraph> {
  const included = new Map<string, SubgraphNode>([[entityId, { ...summarize(view, entityId), hop: 0, passages: 0 }]]);
  let truncated = false;
  let frontier = [entityId];
  for (let hop = 1; hop <= depth && frontier.length > 0; hop++) {
    const byFact = new Map<string, EntitySummary>();
    for (const from of frontier) {
      for (const edge of view.edges(from)) {
        const to = view.opposite(from, edge);
        if (included.has(to) || byFact.has(to)) continue;
        const entity = summarize(view, to);
        if (passes(entity, filter)) byFact.set(to, entity);
      }
    }
    const companions = await coMentions(store, frontier, { perEntity: PASSAGES_PER_FRONTIER_ENTITY, among: false });
    const taken = new Map<string, number>();
    const byMention = new Map<string, { entity: EntitySummary; link: CoMention }>();
    for (const link of companions) {
      const from = frontier.includes(link.a) ? link.a : link.b;
      const to = otherEnd(link, from);
      if ((taken.get(from) ?? 0) >= MENTION_FAN_OUT || included.has(to) || byFact.has(to) || byMention.has(to) || !view.hasNode(to)) continue;
      const entity = summarize(view, to);
      if (!passes(entity, filter)) continue;
      byMention.set(to, { entity, link });
      taken.set(from, (taken.get(from) ?? 0) + 1);
    }
    const ranked = [...[...byFact.values()].sort(byDegree), ...[...byMention.values()].map((m) => m.entity)];
    const room = Math.max(0, limit - included.size);
    if (ranked.length > room) truncated = true;
    for (const e of ranked.slice(0, room)) {
      included.set(e.id, { ...e, hop, passages: 0 });
      const via = byMention.get(e.id);
      if (via) reachedBy.push(via.link);
    }
    frontier = ranked.slice(0, room).map((e) => e.id);
  }
  return { nodes: [...included.values()], edges: edgesAmong(view, included), totalEntities: view.order, truncated };
}

/**
 * Co-mention edges among the drawn entities, for pairs no stated fact already links: the ones
 * that brought a node in; the strongest links that join parts not yet joined (a maximum spanning
 * forest, so what passages connect is drawn connected); and each link that is among the strongest
 * few of either of its ends, so every node keeps its best companions and a hub does not become a
 * hairball.
 */
function mentionEdges(factEdges: SubgraphEdge[], links: CoMention[], reachedBy: CoMention[]): SubgraphEdge[] {
  const stated = new Set(factEdges.map((e) => pairKey(e.source, e.target)));
  const open = links.filter((l) => !stated.has(pairKey(l.a, l.b)));
  const parts = new UnionFind();
  for (const e of factEdges) parts.join(e.source, e.target);
  for (const l of reachedBy) parts.join(l.a, l.b);
  const kept = new Set<CoMention>();
  const perNode = new Map<string, number>();
  // `links` come strongest first, so the forest takes the strongest joins and each node's first few are its strongest.
  for (const link of open) {
    if (parts.join(link.a, link.b)) kept.add(link);
    for (const end of [link.a, link.b]) {
      const seen = perNode.get(end) ?? 0;
      if (seen < MENTION_EDGES_PER_NODE) kept.add(link);
      perNode.set(end, seen + 1);
    }
  }
  const out = new Map<string, SubgraphEdge>();
  for (const link of [...reachedBy, ...open.filter((l) => kept.has(l))]) {
    const key = pairKey(link.a, link.b);
    if (stated.has(key) || out.has(key)) continue;
    out.set(key, { source: link.a, target: link.b, kind: 'mentioned_with', predicates: [], factIds: [], count: link.count, weight: link.weight });
  }
  return [...out.values()];
}

/** Which drawn entities are already joined, by any path. */
class UnionFind {
  private readonly parent = new Map<string, string>();

  private root(id: string): string {
    let r = id;
    for (let p = this.parent.get(r); p !== undefined && p !== r; p = this.parent.get(r)) r = p;
    this.parent.set(id, r);
    return r;
  }

  /** Joins the parts of a and b; false when they were one part already. */
  join(a: string, b: string): boolean {
    const [ra, rb] = [this.root(a), this.root(b)];
    if (ra === rb) return false;
    this.parent.set(ra, rb);
    return true;
  }
}

/** An entity that passages name with another, with how often and how strongly (co-mentions.ts). */
export type Companion = EntitySummary & { count: number; weight: number };

/** The strongest companions of one entity, for its detail. */
export async function strongestCompanions(store: MentionGraphStore, view: EntityGraphView, entityId: string, limit: number): Promise<Companion[]> {
  const links = await coMentions(store, [entityId], { perEntity: PASSAGES_PER_FRONTIER_ENTITY, among: false });
  return links
    .map((link) => ({ to: otherEnd(link, entityId), link }))
    .filter(({ to }) => view.hasNode(to))
    .slice(0, limit)
    .map(({ to, link }) => ({ ...summarize(view, to), count: link.count, weight: link.weight }));
}
