import type { DeleteResult, KnowledgeStore } from '../ports';
import { followMerges } from './follow-merges';
import type { KnowledgeGraph } from './knowledge-graph';

/**
 * Brings the in-memory graph in step with a deleted document (or the old content of a replaced
 * one): merges it caused are undone first, then its facts and the entities only it supported go.
 */
export async function repairAfterDelete(store: KnowledgeStore, graph: KnowledgeGraph, removed: DeleteResult): Promise<void> {
  await followMerges(store, graph, removed.remapped);
  graph.remove(removed.factIds, removed.entityIds);
}
