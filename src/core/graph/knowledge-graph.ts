import { MultiDirectedGraph } from 'graphology';
import type { StoredEntity, StoredFact } from '../model';

export interface NodeAttributes {
  name: string;
  type: string;
}

interface EdgeAttributes {
  predicate: string;
  confidence: number;
  /** The fact's subject and object as stored; the edge's ends are the entities they count for. */
  subject: string;
  object: string;
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

  /**
   * Entities merged into another (entity resolution): their relationships are edges of the entity
   * they count for, and they have no node of their own. Kept here so that entities and facts added
   * under their own ids land on the right node whenever they arrive.
   */
  private readonly memberOf = new Map<string, string>();

  /** Entities and facts under their stored ids; merged entities are drawn as the one they count for. */
  add(entities: StoredEntity[], facts: StoredFact[]): void {
    for (const e of entities) if (!this.memberOf.has(e.id)) this.graph.mergeNode(e.id, { name: e.name, type: e.type });
    for (const f of facts) {
      if (f.kind !== 'relationship' || f.objectId === null || this.graph.hasEdge(f.id)) continue;
      const subject = this.nodeOf(f.subjectId);
      const object = this.nodeOf(f.objectId);
      this.graph.addDirectedEdgeWithKey(f.id, subject, object, {
        predicate: f.predicate,
        confidence: f.confidence,
        subject: f.subjectId,
        object: f.objectId,
      });
    }
  }

  /** Loads the merges as they stand, before the first `add`. */
  setMerged(merged: { entityId: string; canonicalId: string }[]): void {
    for (const m of merged) this.memberOf.set(m.entityId, m.canonicalId);
  }

  /**
   * `entityId` now counts for `canonical`, another entity or itself again: the edges of its facts
   * move to that node, and a node left without edges by the move goes.
   */
  rehome(entityId: string, canonical: StoredEntity): void {
    const before = this.memberOf.get(entityId) ?? entityId;
    if (canonical.id === entityId) this.memberOf.delete(entityId);
    else this.memberOf.set(entityId, canonical.id);
    this.graph.mergeNode(canonical.id, { name: canonical.name, type: canonical.type });
    if (before === canonical.id || !this.graph.hasNode(before)) return;
    const moving = this.graph.edges(before).filter((edge) => {
      const { subject, object } = this.graph.getEdgeAttributes(edge);
      return subject === entityId || object === entityId;
    });
    for (const edge of moving) {
      const attributes = this.graph.getEdgeAttributes(edge);
      this.graph.dropEdge(edge);
      this.graph.addDirectedEdgeWithKey(edge, this.nodeOf(attributes.subject), this.nodeOf(attributes.object), attributes);
    }
    if (before === entityId && this.graph.degree(entityId) === 0) this.graph.dropNode(entityId);
  }

  private nodeOf(entityId: string): string {
    const id = this.memberOf.get(entityId) ?? entityId;
    this.graph.mergeNode(id);
    return id;
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
