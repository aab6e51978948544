import type { SubgraphOut } from '../../../../shared/graph-schemas';

/**
 * Adds an expansion to what is shown. When the union is over the cap, the expansion and the
 * nodes still linked to it are kept and the oldest others go, so the canvas never grows unbounded.
 */
export function mergeSubgraph(current: SubgraphOut, expansion: SubgraphOut, cap: number): SubgraphOut {
  const nodes = new Map(expansion.nodes.map((n) => [n.entity_id, n]));
  for (const n of current.nodes) {
    if (nodes.size >= cap) break;
    if (!nodes.has(n.entity_id)) nodes.set(n.entity_id, { ...n, hop: n.hop + 1 });
  }
  const edges = new Map<string, SubgraphOut['edges'][number]>();
  for (const e of [...current.edges, ...expansion.edges]) {
    if (!nodes.has(e.source) || !nodes.has(e.target)) continue;
    const key = e.source < e.target ? `${e.source}|${e.target}` : `${e.target}|${e.source}`;
    if (!edges.has(key)) edges.set(key, e);
  }
  return {
    nodes: [...nodes.values()],
    edges: [...edges.values()],
    total_entities: expansion.total_entities,
    truncated: current.truncated || expansion.truncated || current.nodes.length + expansion.nodes.length > nodes.size,
  };
}
