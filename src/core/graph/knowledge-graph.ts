import { MultiDirectedGraph } from 'graphology';
import type { EntityRemap, StoredEntity, StoredFact } from '../model';

export interface NodeAttributes {
  name: string;
  type: string;
}

interface EdgeAttributes {
  predicate: string;
  confidence: number;
}

/** The entity graph as graphology sees it, for read-only queries (graph-queries.ts). */
export type EntityGraphView = Pick<
  MultiDirectedGraph<NodeAttributes, EdgeAttributes>,
  'order' | 'hasNode' | 'getNodeAttributes' | 'degree' | 'forEachNode' | 'edges' | 'opposite' | 'extremities' | 'getEdgeAttributes'
>;


/**
 * The in-memory entity graph of one knowledge base, kept in step with the stored relationship
 * facts: nodes are entities, edges are relationship facts keyed by fact id.
 */
export class KnowledgeGraph {
  private readonly graph = new MultiDirectedGraph<NodeAttributes, EdgeAttributes>();

  get entityCount(): number {
    return this.graph.order;
  }

  get relationshipCount(): number {
    return this.graph.size;
  }

  get view(): EntityGraphView {
    return this.graph;
  }

  add(entities: StoredEntity[], facts: StoredFact[]): void {
    for (const e of entities) this.graph.mergeNode(e.id, { name: e.name, type: e.type });
    for (const f of facts) {
      if (f.kind !== 'relationship' || f.objectId === null || this.graph.hasEdge(f.id)) continue;
      this.graph.mergeNode(f.subjectId);
      this.graph.mergeNode(f.objectId);
      this.graph.addDirectedEdgeWithKey(f.id, f.subjectId, f.objectId, {
        predicate: f.predicate,
        confidence: f.confidence,
      });
    }
  }

  /**
   * Moves the relationships of entities that now count for another (or for themselves again) to
   * the node they count for. Applied in the order the store reported them; before `remove`, so a
   * deleted entity's node takes none of the moved edges with it.
   */
  applyRemaps(remaps: EntityRemap[]): void {
    for (const r of remaps) {
      this.graph.mergeNode(r.canonical.id, { name: r.canonical.name, type: r.canonical.type });
      for (const f of r.facts) if (this.graph.hasEdge(f.id)) this.graph.dropEdge(f.id);
      this.add([], r.facts);
      if (r.canonical.id !== r.entityId && this.graph.hasNode(r.entityId)) this.graph.dropNode(r.entityId);
    }
  }

  remove(factIds: string[], entityIds: string[]): void {
    for (const id of factIds) if (this.graph.hasEdge(id)) this.graph.dropEdge(id);
    for (const id of entityIds) if (this.graph.hasNode(id)) this.graph.dropNode(id);
  }

  /** Up to `fanOut` relationships of an entity, surest first, as (neighbour, fact) pairs. */
  strongestEdges(from: string, fanOut: number): { to: string; factId: string }[] {
    if (!this.graph.hasNode(from)) return [];
    return this.graph
      .edges(from)
      .map((edge) => ({ edge, confidence: this.graph.getEdgeAttribute(edge, 'confidence') }))
      .sort((a, b) => b.confidence - a.confidence)
      .slice(0, fanOut)
      .map(({ edge }) => ({ to: this.graph.opposite(from, edge), factId: edge }));
  }
}
