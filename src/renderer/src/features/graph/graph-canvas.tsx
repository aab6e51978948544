import Graph from 'graphology';
import forceAtlas2 from 'graphology-layout-forceatlas2';
import { useEffect, useRef, useState } from 'react';
import Sigma from 'sigma';
import type { SubgraphOut } from '../../../../shared/graph-schemas';
import { colorOf } from './type-colors';

interface Props {
  data: SubgraphOut;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onExpand: (id: string) => void;
}

interface NodeAttrs {
  x: number;
  y: number;
  size: number;
  color: string;
  label: string;
  entityType: string;
}

interface EdgeAttrs {
  size: number;
  color: string;
  label: string;
}

const sizeOf = (degree: number): number => 4 + Math.min(14, Math.log2(degree + 1) * 2.6);

/**
 * The WebGL canvas (sigma.js over a graphology graph). The graph is synced in place, so an
 * expansion keeps every known node where it was and places new ones beside the node they came
 * from; a short ForceAtlas2 run then settles them. Only the bounded neighbourhood the API
 * returned is ever drawn (at most 500 nodes), which is what keeps it smooth on huge graphs.
 */
export function GraphCanvas({ data, selectedId, onSelect, onExpand }: Props): React.JSX.Element {
  const host = useRef<HTMLDivElement>(null);
  const graph = useRef(new Graph<NodeAttrs, EdgeAttrs>({ type: 'undirected', multi: false }));
  const sigma = useRef<Sigma<NodeAttrs, EdgeAttrs> | null>(null);
  const selected = useRef<string | null>(selectedId);
  const handlers = useRef({ onSelect, onExpand });
  handlers.current = { onSelect, onExpand };
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!host.current) return;
    try {
      const renderer = new Sigma(graph.current, host.current, {
        renderEdgeLabels: false,
        labelRenderedSizeThreshold: 7,
        labelFont: 'system-ui, sans-serif',
        labelSize: 12,
        defaultEdgeColor: '#c9cfda',
        zIndex: true,
        nodeReducer: (node, attrs) => {
          const focus = selected.current;
          if (!focus || !graph.current.hasNode(focus)) return attrs;
          if (node === focus) return { ...attrs, highlighted: true, zIndex: 2, forceLabel: true };
          return graph.current.areNeighbors(node, focus) ? { ...attrs, zIndex: 1, forceLabel: true } : { ...attrs, color: '#d5d9e1', label: '' };
        },
        edgeReducer: (edge, attrs) => {
          const focus = selected.current;
          if (!focus || !graph.current.hasNode(focus)) return attrs;
          return graph.current.hasExtremity(edge, focus) ? { ...attrs, color: '#7d8db8', size: 2 } : { ...attrs, color: '#eceef2' };
        },
      });
      renderer.on('clickNode', ({ node }) => handlers.current.onSelect(node));
      renderer.on('doubleClickNode', ({ node, preventSigmaDefault }) => {
        preventSigmaDefault();
        handlers.current.onExpand(node);
      });
      renderer.on('enterNode', () => host.current?.classList.add('pointer'));
      renderer.on('leaveNode', () => host.current?.classList.remove('pointer'));
      sigma.current = renderer;
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
    return () => {
      sigma.current?.kill();
      sigma.current = null;
    };
  }, []);

  useEffect(() => {
    const g = graph.current;
    const wanted = new Set(data.nodes.map((n) => n.entity_id));
    g.forEachNode((id) => {
      if (!wanted.has(id)) g.dropNode(id);
    });
    const anchorOf = new Map<string, string>();
    for (const e of data.edges) {
      if (g.hasNode(e.source) && !g.hasNode(e.target)) anchorOf.set(e.target, e.source);
      if (g.hasNode(e.target) && !g.hasNode(e.source)) anchorOf.set(e.source, e.target);
    }
    const fresh = g.order === 0;
    data.nodes.forEach((n, i) => {
      const attrs = { size: sizeOf(n.degree), color: colorOf(n.type), label: n.name, entityType: n.type };
      if (g.hasNode(n.entity_id)) {
        g.mergeNodeAttributes(n.entity_id, attrs);
        return;
      }
      const anchor = anchorOf.get(n.entity_id);
      const angle = (i / Math.max(1, data.nodes.length)) * Math.PI * 2;
      const base = anchor && !fresh ? g.getNodeAttributes(anchor) : { x: 0, y: 0 };
      const radius = anchor && !fresh ? 8 + Math.random() * 8 : 40 + n.hop * 30;
      g.addNode(n.entity_id, { ...attrs, x: base.x + Math.cos(angle) * radius, y: base.y + Math.sin(angle) * radius });
    });
    for (const e of data.edges) {
      if (!g.hasNode(e.source) || !g.hasNode(e.target) || g.hasEdge(e.source, e.target)) continue;
      g.addEdge(e.source, e.target, { size: Math.min(4, 0.8 + e.fact_ids.length * 0.4), color: '#c9cfda', label: e.predicates.join(', ') });
    }
    if (g.order > 1) {
      const settings = forceAtlas2.inferSettings(g);
      forceAtlas2.assign(g, { iterations: fresh ? 200 : 80, settings: { ...settings, barnesHutOptimize: g.order > 300 } });
    }
    sigma.current?.refresh();
  }, [data]);

  useEffect(() => {
    selected.current = selectedId;
    sigma.current?.refresh();
  }, [selectedId]);

  if (failure) {
    return (
      <p className="error-text" style={{ padding: 16 }}>
        The graph canvas needs WebGL, which is not available here ({failure}). The entity list and facts still work.
      </p>
    );
  }
  return <div ref={host} className="sigma-host" data-testid="graph-canvas" data-node-count={data.nodes.length} />;
}
