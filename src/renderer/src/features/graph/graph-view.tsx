import { useCallback, useEffect, useState } from 'react';
import type { EntityDetailOut, LinkDetailOut, SubgraphOut } from '../../../../shared/graph-schemas';
import type { Api } from '../../api/desk-api';
import type { PassageRequest } from '../../components/passage-panel';
import { EntityPanel } from './entity-panel';
import { GraphCanvas } from './graph-canvas';
import { GraphToolbar, type GraphControls } from './graph-toolbar';
import { LinkPanel } from './link-panel';
import { mergeSubgraph } from './merge-subgraph';

const EMPTY: SubgraphOut = { nodes: [], edges: [], total_entities: 0, truncated: false };

function statusText(data: SubgraphOut, centred: boolean, cap: number): string {
  const mentioned = data.edges.filter((e) => e.kind === 'mentioned_with').length;
  const links = `${data.edges.length} links${mentioned > 0 ? ` (${data.edges.length - mentioned} stated, ${mentioned} mentioned with)` : ''}`;
  return `${centred ? 'Neighbourhood' : 'Central entities'}: ${data.nodes.length} of ${data.total_entities.toLocaleString()} entities, ${links}${data.truncated ? ` (capped at ${cap})` : ''}`;
}

/**
 * The graph explorer: opens on the most central entities of the whole base, centres on a
 * searched entity with its neighbourhood, expands nodes on demand, and shows the selected
 * entity's facts, or a selected link's facts and passages, with their sources. Links are stated
 * facts and, unless switched off, entities that passages name together. At most `cap` nodes are
 * on the canvas at any time.
 */
export function GraphView(props: { api: Api; onOpenPassage: (r: PassageRequest) => void }): React.JSX.Element {
  const { api } = props;
  const [controls, setControls] = useState<GraphControls>({ types: [], minDegree: 0, depth: 1, cap: 150, coMentions: true });
  const { types, minDegree, depth, cap, coMentions } = controls;
  const [centre, setCentre] = useState<string | null>(null);
  const [data, setData] = useState<SubgraphOut>(EMPTY);
  const [selected, setSelected] = useState<string | null>(null);
  const [detail, setDetail] = useState<EntityDetailOut | null>(null);
  const [link, setLink] = useState<LinkDetailOut | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const fail = (e: unknown): void => setError(e instanceof Error ? e.message : String(e));

  useEffect(() => {
    let live = true;
    setLoading(true);
    api.subgraph({ ...(centre ? { entity_id: centre } : {}), depth, limit: cap, type: types, min_degree: minDegree, co_mentions: coMentions }).then(
      (sub) => {
        if (!live) return;
        setData(sub);
        setError(null);
        setLoading(false);
      },
      (e: unknown) => {
        if (!live) return;
        fail(e);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [api, centre, depth, cap, types, minDegree, coMentions]);

  const select = useCallback(
    (id: string) => {
      setSelected(id);
      setLink(null);
      api.getEntity(id, { coMentions: true }).then((d) => {
        setDetail(d);
        setError(null);
      }, fail);
    },
    [api],
  );

  const openLink = useCallback(
    (source: string, target: string) => {
      api.getLink(source, target, { limit: 20 }).then((l) => {
        setLink(l);
        setError(null);
      }, fail);
    },
    [api],
  );

  const expand = useCallback(
    (id: string) => {
      select(id);
      api.subgraph({ entity_id: id, depth: 1, limit: Math.min(cap, 100), type: types, min_degree: minDegree, co_mentions: coMentions }).then(
        (sub) => setData((current) => mergeSubgraph(current, sub, cap)),
        fail,
      );
    },
    [api, cap, types, minDegree, coMentions, select],
  );

  const focus = (id: string): void => {
    setCentre(id);
    select(id);
  };

  return (
    <div className="graph">
      <section className="graph-main" aria-label="Graph">
        <GraphToolbar api={api} controls={controls} onChange={setControls} onPick={(e) => focus(e.entity_id)} onOverview={centre ? () => setCentre(null) : null} />
        <div className="canvas-wrap">
          <GraphCanvas
            data={data}
            selectedId={selected}
            onSelect={select}
            onExpand={expand}
            onOpenLink={openLink}
            openLink={link ? [link.source.entity_id, link.target.entity_id] : null}
          />
          <p className="graph-status" role="status" data-testid="graph-status">
            {loading ? 'Loading…' : data.nodes.length === 0 ? 'No entities yet: add documents to build the graph.' : statusText(data, centre !== null, cap)}
          </p>
          <p className="graph-hint">Click a node: details · a link: its sentences · Double-click: expand · Scroll: zoom</p>
        </div>
      </section>
      {link && !error ? (
        <LinkPanel link={link} onOpenPassage={props.onOpenPassage} onSelect={select} onClose={() => setLink(null)} />
      ) : (
        <EntityPanel detail={detail} error={error} onOpenPassage={props.onOpenPassage} onFocus={focus} onExpand={expand} onOpenLink={openLink} />
      )}
    </div>
  );
}
