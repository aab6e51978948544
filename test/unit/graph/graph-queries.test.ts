import { describe, expect, it } from 'vitest';
import { KnowledgeGraph } from '../../../src/core/graph/knowledge-graph';
import { searchEntities, subgraph } from '../../../src/core/graph/graph-queries';
import type { StoredEntity, StoredFact } from '../../../src/core/model';

/** A 10,000-entity graph: 100 hubs, each with 99 spokes, hubs chained to each other. */
function bigGraph(): KnowledgeGraph {
  const entities: StoredEntity[] = [];
  const facts: StoredFact[] = [];
  const fact = (id: string, subjectId: string, objectId: string): StoredFact => ({
    id, subjectId, objectId, predicate: 'related to', kind: 'relationship', value: null, confidence: 0.8,
    documentId: 'doc', chunkId: 'chk', sentenceStart: 0, sentenceEnd: 1,
  });
  for (let h = 0; h < 100; h++) {
    entities.push({ id: `hub${h}`, key: `hub${h}`, name: `Hub ${h}`, type: 'place' });
    if (h > 0) facts.push(fact(`link${h}`, `hub${h - 1}`, `hub${h}`));
    for (let s = 0; s < 99; s++) {
      entities.push({ id: `s${h}_${s}`, key: `s${h}_${s}`, name: `Spoke ${h}-${s}`, type: 'person' });
      facts.push(fact(`f${h}_${s}`, `hub${h}`, `s${h}_${s}`));
    }
  }
  const graph = new KnowledgeGraph();
  graph.add(entities, facts);
  return graph;
}

describe('graph queries on 10,000 entities', () => {
  const graph = bigGraph();

  it('an overview returns the hubs only, never the whole graph', () => {
    const overview = subgraph(graph.view, null, 1, 150, {});
    expect(graph.entityCount).toBe(10_000);
    expect(overview.nodes).toHaveLength(150);
    expect(overview.nodes.slice(0, 100).every((n) => n.id.startsWith('hub'))).toBe(true);
    expect(overview.truncated).toBe(true);
    expect(overview.totalEntities).toBe(10_000);
  });

  it('a neighbourhood keeps the best connected neighbours first and stops at the limit', () => {
    const two = subgraph(graph.view, 'hub50', 2, 300, {});
    expect(two.nodes).toHaveLength(300);
    expect(two.nodes[0]).toMatchObject({ id: 'hub50', hop: 0 });
    // The neighbouring hubs (degree 101) come before hub 50's own spokes (degree 1).
    expect(two.nodes.slice(1, 3).map((n) => n.id).sort()).toEqual(['hub49', 'hub51']);
    expect(two.truncated).toBe(true);
    const ids = new Set(two.nodes.map((n) => n.id));
    expect(two.edges.every((e) => ids.has(e.source) && ids.has(e.target))).toBe(true);
    // Every shown entity stays connected to the centre through a shown edge.
    expect(two.edges.filter((e) => e.source === 'hub50' || e.target === 'hub50')).toHaveLength(101);
  });

  it('filters by type and degree, and searches names with exact and prefix matches first', () => {
    const hubsOnly = subgraph(graph.view, 'hub0', 3, 500, { types: ['place'] });
    expect(hubsOnly.nodes.map((n) => n.id)).toEqual(['hub0', 'hub1', 'hub2', 'hub3']);
    expect(searchEntities(graph.view, '', { minDegree: 100 }, 500).total).toBe(100);
    expect(searchEntities(graph.view, 'hub 7', {}, 3).entities.map((e) => e.name)).toEqual(['Hub 7', 'Hub 70', 'Hub 71']);
  });
});
