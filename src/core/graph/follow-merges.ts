import type { KnowledgeStore } from '../ports';
import type { KnowledgeGraph } from './knowledge-graph';

/**
 * Brings the in-memory graph in line with the merges the store now holds for these entities.
 * Each entity's standing is read from the store when this runs, not when its change was written,
 * so two ingest jobs (or an ingest and a delete) finishing in either order leave the same graph.
 */
export async function followMerges(store: KnowledgeStore, graph: KnowledgeGraph, entityIds: Iterable<string>): Promise<void> {
  for (const id of new Set(entityIds)) {
    const resolution = await store.entityResolution(id);
    // Deleted since: its node went with the delete.
    if (!resolution) continue;
    const [canonical] = await store.getEntities([resolution.canonicalId]);
    if (!canonical) continue;
    graph.rehome(id, canonical);
  }
}
