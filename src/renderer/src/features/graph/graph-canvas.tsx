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
  onOpenLink: (source: string, target: string) => void;
  /** The link whose sentences are open, drawn highlighted. */
  openLink: [string, string] | null;
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
  kind: 'fact' | 'mentioned_with';
}

type Edge = SubgraphOut['edges'][number];

/** How much the base says about a node: its relationships and the passages that mention it. */
const sizeOf = (degree: number, passages: number): number => 4 + Math.min(14, Math.log2(degree + passages + 1) * 2.2);

/** Stated facts are drawn solid and dark; 'mentioned with' links thin and light, stronger ones a little bolder. */
const FACT_COLOR = '#8d98b0';
const MENTION_COLOR = '#d3d8e2';
function edgeAttrs(e: Edge): EdgeAttrs {
  if (e.kind === 'fact') return { size: Math.min(4, 1.2 + e.count * 0.4), color: FACT_COLOR, label: e.predicates.join(', '), kind: 'fact' };
  return { size: Math.min(2.2, 0.5 + Math.log2(1 + e.weight) * 0.5), color: MENTION_COLOR, label: `mentioned together in ${e.count} passage${e.count === 1 ? '' : 's'}`, kind: 'mentioned_with' };
}
const pairKey = (a: string, b: string): string => (a < b ? `${a}|${b}` : `${b}|${a}`);

/**
 * The WebGL canvas (sigma.js over a graphology graph). The graph is synced in place, so an
 * expansion keeps every known node where it was and places new ones beside the node they came
 * from; a short ForceAtlas2 run then settles them. Only the bounded neighbourhood the API
 * returned is ever drawn (at most 500 nodes), which is what keeps it smooth on huge graphs.
 */
export function GraphCanvas({ data, selectedId, onSelect, onExpand, onOpenLink, openLink }: Props): React.JSX.Element {
  const host = useRef<HTMLDivElement>(null);
  const graph = useRef(new Graph<NodeAttrs, EdgeAttrs>({ type: 'undirected', multi: false }));
  const sigma = useRef<Sigma<NodeAttrs, EdgeAttrs> | null>(null);
  const selected = useRef<string | null>(selectedId);
  const linkKey = openLink ? pairKey(...openLink) : null;
  const shownLink = useRef<string | null>(linkKey);
  const handlers = useRef({ onSelect, onExpand, onOpenLink });
  handlers.current = { onSelect, onExpand, onOpenLink };
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!host.current) return;
    try {
      const renderer = new Sigma(graph.current, host.current, {
        renderEdgeLabels: false,
        labelRenderedSizeThreshold: 7,
        labelFont: 'system-ui, sans-serif',
        labelSize: 12,
        defaultEdgeColor: MENTION_COLOR,
        zIndex: true,
        enableEdgeEvents: true,
        nodeReducer: (node, attrs) => {
          const focus = selected.current;
          if (!focus || !graph.current.hasNode(focus)) return attrs;
          if (node === focus) return { ...attrs, highlighted: true, zIndex: 2, forceLabel: true };
          return graph.current.areNeighbors(node, focus) ? { ...attrs, zIndex: 1, forceLabel: true } : { ...attrs, color: '#d5d9e1', label: '' };
        },
        edgeReducer: (edge, attrs) => {
          const [source, target] = graph.current.extremities(edge);
          if (shownLink.current === pairKey(source, target)) return { ...attrs, color: '#3b4fd8', size: Math.max(3, attrs.size), zIndex: 2 };
          const focus = selected.current;
          if (!focus || !graph.current.hasNode(focus)) return attrs;
          if (!graph.current.hasExtremity(edge, focus)) return { ...attrs, color: '#eceef2' };
          return attrs.kind === 'fact' ? { ...attrs, color: '#5d6f9e', size: Math.max(2, attrs.size), zIndex: 1 } : { ...attrs, color: '#a9b4cc', size: Math.max(1, attrs.size) };
        },
      });
      renderer.on('clickNode', ({ node }) => handlers.current.onSelect(node));
      renderer.on('doubleClickNode', ({ node, preventSigmaDefault }) => {
        preventSigmaDefault();
        handlers.current.onExpand(node);
      });
      renderer.on('clickEdge', ({ edge }) => {
        const [source, target] = graph.current.extremities(edge);
        handlers.current.onOpenLink(source, target);
      });
      for (const target of ['Node', 'Edge'] as const) {
        renderer.on(`enter${target}`, () => host.current?.classList.add('pointer'));
        renderer.on(`leave${target}`, () => host.current?.classList.remove('pointer'));
      }
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
      const attrs = { size: sizeOf(n.degree, n.passages), color: colorOf(n.type), label: n.name, entityType: n.type };
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
    // One edge per pair: a stated fact wins over a co-mention of the same two.
    const wantedEdges = new Map<string, Edge>();
    for (const e of data.edges) {
      const key = pairKey(e.source, e.target);
      const seen = wantedEdges.get(key);
      if (!seen || (seen.kind !== 'fact' && e.kind === 'fact')) wantedEdges.set(key, e);
    }
    g.forEachEdge((edge, _attrs, source, target) => {
      if (!wantedEdges.has(pairKey(source, target))) g.dropEdge(edge);
    });
    for (const e of wantedEdges.values()) {
      if (!g.hasNode(e.source) || !g.hasNode(e.target)) continue;
      const existing = g.edge(e.source, e.target);
      if (existing) g.replaceEdgeAttributes(existing, edgeAttrs(e));
      else g.addEdge(e.source, e.target, edgeAttrs(e));
    }
    if (g.order > 1) {
      const settings = forceAtlas2.inferSettings(g);
      forceAtlas2.assign(g, { iterations: fresh ? 200 : 80, settings: { ...settings, barnesHutOptimize: g.order > 300 } });
    }
    sigma.current?.refresh();
  }, [data]);

  useEffect(() => {
    selected.current = selectedId;
    shownLink.current = linkKey;
    sigma.current?.refresh();
  }, [selectedId, linkKey]);

  if (failure) {
    return (
      <p className="error-text" style={{ padding: 16 }}>
        The graph canvas needs WebGL, which is not available here ({failure}). The entity list and facts still work.
      </p>
    );
  }
  const mentioned = data.edges.filter((e) => e.kind === 'mentioned_with').length;
  return (
    <div
      ref={host}
      className="sigma-host"
      data-testid="graph-canvas"
      data-node-count={data.nodes.length}
      data-fact-edge-count={data.edges.length - mentioned}
      data-mention-edge-count={mentioned}
    />
  );
}
