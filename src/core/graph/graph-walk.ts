import type { KnowledgeStore } from '../ports';
import type { KnowledgeGraph } from './knowledge-graph';

export interface WalkStep {
  entityId: string;
  hop: number;
  /** 'fact': reached along a relationship; 'passage': mentioned in passages beside the frontier. */
  via: 'seed' | 'fact' | 'passage';
  /** The relationship fact that reached this entity (only for 'fact'). */
  viaFactId: string | null;
  fromEntityId: string | null;
}

export interface WalkLimits {
  maxHops: number;
  /** Most entities visited in all. */
  budget: number;
  /** Relationships followed per entity, surest first, so a hub cannot flood the walk. */
  fanOut?: number;
  /** Entities taken per hop from the passages the frontier is mentioned in. */
  perHopPassageNeighbours?: number;
  scope: string[] | null;
}

/**
 * Breadth-first walk from the seeds. Each hop follows stated relationships first (the in-memory
 * graph), then adds the named entities that share passages with the frontier (the mention index),
 * which is how a second hop reaches an entity that no extracted sentence links by a verb.
 */
export async function walkGraph(graph: KnowledgeGraph, store: KnowledgeStore, seedIds: string[], limits: WalkLimits): Promise<WalkStep[]> {
  const { maxHops, budget, fanOut = 25, perHopPassageNeighbours = 12 } = limits;
  const visited = new Map<string, WalkStep>();
  let frontier = [...new Set(seedIds)];
  for (const id of frontier) visited.set(id, { entityId: id, hop: 0, via: 'seed', viaFactId: null, fromEntityId: null });
  for (let hop = 1; hop <= maxHops && frontier.length > 0 && visited.size < budget; hop++) {
    const next: string[] = [];
    const reach = (step: WalkStep): void => {
      if (visited.has(step.entityId) || visited.size >= budget) return;
      visited.set(step.entityId, step);
      next.push(step.entityId);
    };
    for (const from of frontier) {
      for (const edge of graph.strongestEdges(from, fanOut)) reach({ entityId: edge.to, hop, via: 'fact', viaFactId: edge.factId, fromEntityId: from });
    }
    const beside = perHopPassageNeighbours > 0 ? await store.coMentioned(frontier, perHopPassageNeighbours, limits.scope) : [];
    for (const near of beside) {
      reach({ entityId: near.entityId, hop, via: 'passage', viaFactId: null, fromEntityId: null });
    }
    frontier = next;
  }
  return [...visited.values()];
}
