import type { Engine } from '../../../core/engine';
import type { EntityDetail, FactSource } from '../../../core/graph/entity-detail';
import type { Companion } from '../../../core/graph/explore-graph';
import type { EntitySummary, Subgraph } from '../../../core/graph/graph-queries';
import type { LinkDetail } from '../../../core/graph/link-detail';
import type { ResolvedFact } from '../../../core/model';
import * as graph from '../../../shared/graph-schemas';
import { route, type AnyRouteSpec } from '../route-spec';

const entityOut = (e: EntitySummary): graph.EntityOut => ({ entity_id: e.id, name: e.name, type: e.type, degree: e.degree });

const sourceOut = (s: FactSource): graph.EntityDetailOut['facts'][number]['source'] => ({
  document_id: s.documentId,
  title: s.title,
  chunk_id: s.chunkId,
  page: s.page,
  row: s.row,
  section: s.section,
  sentence_start: s.sentenceStart,
  sentence_end: s.sentenceEnd,
});

const factOut = (f: ResolvedFact & { source: FactSource }): graph.EntityDetailOut['facts'][number] => ({
  fact_id: f.id,
  subject: f.subject,
  subject_id: f.subjectId,
  predicate: f.predicate,
  object: f.object,
  object_id: f.objectId,
  kind: f.kind,
  confidence: Math.round(f.confidence * 100) / 100,
  source: sourceOut(f.source),
});

function detailOut(d: EntityDetail & { mentionedWith?: Companion[] }): graph.EntityDetailOut {
  const perDocument = new Map<string, { document_id: string; title: string; fact_count: number }>();
  for (const f of d.facts) {
    const entry = perDocument.get(f.documentId) ?? { document_id: f.documentId, title: f.source.title, fact_count: 0 };
    entry.fact_count += 1;
    perDocument.set(f.documentId, entry);
  }
  return {
    entity: entityOut(d.entity),
    facts: d.facts.map(factOut),
    neighbours: d.neighbours.map((n) => ({ ...entityOut(n), predicates: n.predicates })),
    ...(d.mentionedWith ? { mentioned_with: d.mentionedWith.map((c) => ({ ...entityOut(c), count: c.count, weight: c.weight })) } : {}),
    sources: [...perDocument.values()].sort((a, b) => b.fact_count - a.fact_count),
    aliases: d.aliases,
    merged_entities: d.mergedEntities.map((m) => ({ entity_id: m.id, name: m.name })),
    merge_history: d.mergeHistory.map((h) => ({
      alias: h.alias,
      key: h.key,
      reason: h.reason,
      document_id: h.documentId,
      title: h.title,
      created_at: h.createdAt,
      scope: h.scope,
    })),
  };
}

const subgraphOut = (s: Subgraph): graph.SubgraphOut => ({
  nodes: s.nodes.map((n) => ({ ...entityOut(n), hop: n.hop, passages: n.passages })),
  edges: s.edges.map((e) => ({ source: e.source, target: e.target, kind: e.kind, predicates: e.predicates, fact_ids: e.factIds, count: e.count, weight: e.weight })),
  total_entities: s.totalEntities,
  truncated: s.truncated,
});

const linkOut = (l: LinkDetail): graph.LinkDetailOut => ({
  source: entityOut(l.source),
  target: entityOut(l.target),
  facts: l.facts.map(factOut),
  passages: l.passages.map((p) => ({ ...sourceOut(p), sentence: p.sentence })),
  total_passages: l.totalPassages,
});

/** The graph explorer's endpoints: find entities, read one with its sourced facts, fetch a bounded neighbourhood. */
export function graphRoutes(engine: Engine): AnyRouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/graph/entities',
      summary: 'Find entities by name, filtered by type and degree; without a search, the best connected',
      tag: 'graph',
      auth: true,
      query: graph.entitySearchParams,
      response: graph.entityList,
      handle: async ({ c, auth, query }) => {
        const found = await engine.knowledgeBase(auth).searchEntities(query.search, { types: query.type, minDegree: query.min_degree }, query.limit);
        return c.json({ entities: found.entities.map(entityOut), total: found.total });
      },
    }),
    route({
      method: 'get',
      path: '/graph/entities/{entity_id}',
      summary: "One entity: its facts with the passages they came from, its neighbours and source documents",
      tag: 'graph',
      auth: true,
      query: graph.entityDetailParams,
      errors: [404],
      response: graph.entityDetail,
      handle: async ({ c, auth, params, query }) =>
        c.json(detailOut(await engine.knowledgeBase(auth).entityDetail(params.entity_id ?? '', { coMentions: query.co_mentions }))),
    }),
    route({
      method: 'get',
      path: '/graph/subgraph',
      summary: `A bounded neighbourhood (depth 1-3, at most ${graph.MAX_SUBGRAPH_NODES} entities), or, without entity_id, an overview of the most central entities (passages mentioning them plus relationships)`,
      tag: 'graph',
      auth: true,
      query: graph.subgraphParams,
      errors: [404],
      response: graph.subgraph,
      handle: async ({ c, auth, query }) => {
        const filter = { types: query.type, minDegree: query.min_degree };
        const options = { coMentions: query.co_mentions };
        return c.json(subgraphOut(await engine.knowledgeBase(auth).subgraph(query.entity_id ?? null, query.depth, query.limit, filter, options)));
      },
    }),
    route({
      method: 'get',
      path: '/graph/links',
      summary: 'One link of the explorer: the facts stated between two entities and the passages that name both, each with its sentence',
      tag: 'graph',
      auth: true,
      query: graph.linkParams,
      errors: [404],
      response: graph.linkDetail,
      handle: async ({ c, auth, query }) => c.json(linkOut(await engine.knowledgeBase(auth).linkDetail(query.source, query.target, query.limit))),
    }),
  ];
}
