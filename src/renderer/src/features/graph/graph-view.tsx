import { useCallback, useEffect, useState } from 'react';
import type { EntityDetailOut, SubgraphOut } from '../../../../shared/graph-schemas';
import type { EntityTypeName } from '../../../../client/index';
import type { Api } from '../../api/desk-api';
import type { PassageRequest } from '../../components/passage-panel';
import { EntityPanel } from './entity-panel';
import { EntitySearch } from './entity-search';
import { GraphCanvas } from './graph-canvas';
import { mergeSubgraph } from './merge-subgraph';
import { colorOf, TYPE_NAMES } from './type-colors';

const EMPTY: SubgraphOut = { nodes: [], edges: [], total_entities: 0, truncated: false };

/**
 * The graph explorer: starts from an overview of the best connected entities, centres on a
 * searched entity with its neighbourhood, expands nodes on demand, and shows the selected
 * entity's facts with their sources. At most `cap` nodes are on the canvas at any time.
 */
export function GraphView(props: { api: Api; onOpenPassage: (r: PassageRequest) => void }): React.JSX.Element {
  const { api } = props;
  const [types, setTypes] = useState<EntityTypeName[]>([]);
  const [minDegree, setMinDegree] = useState(0);
  const [depth, setDepth] = useState(1);
  const [cap, setCap] = useState(150);
  const [centre, setCentre] = useState<string | null>(null);
  const [data, setData] = useState<SubgraphOut>(EMPTY);
  const [selected, setSelected] = useState<string | null>(null);
  const [detail, setDetail] = useState<EntityDetailOut | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    let live = true;
    setLoading(true);
    api.subgraph({ ...(centre ? { entity_id: centre } : {}), depth, limit: cap, type: types, min_degree: minDegree }).then(
      (sub) => {
        if (!live) return;
        setData(sub);
        setError(null);
        setLoading(false);
      },
      (e: unknown) => {
        if (!live) return;
        setError(e instanceof Error ? e.message : String(e));
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [api, centre, depth, cap, types, minDegree]);

  const select = useCallback(
    (id: string) => {
      setSelected(id);
      api.getEntity(id).then(
        (d) => {
          setDetail(d);
          setError(null);
        },
        (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
      );
    },
    [api],
  );

  const expand = useCallback(
    (id: string) => {
      select(id);
      api.subgraph({ entity_id: id, depth: 1, limit: Math.min(cap, 100), type: types, min_degree: minDegree }).then(
        (sub) => setData((current) => mergeSubgraph(current, sub, cap)),
        (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
      );
    },
    [api, cap, types, minDegree, select],
  );

  const focus = (id: string): void => {
    setCentre(id);
    select(id);
  };

  return (
    <div className="graph">
      <section className="graph-main" aria-label="Graph">
        <div className="graph-toolbar">
          <EntitySearch api={api} types={types} onPick={(e) => focus(e.entity_id)} />
          <div className="field">
            <label htmlFor="graph-depth">Depth</label>
            <select id="graph-depth" className="input" value={depth} onChange={(e) => setDepth(Number(e.target.value))}>
              <option value={1}>1 hop</option>
              <option value={2}>2 hops</option>
              <option value={3}>3 hops</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="graph-degree">Min. links</label>
            <input id="graph-degree" className="input" type="number" min={0} style={{ width: 80 }} value={minDegree} onChange={(e) => setMinDegree(Math.max(0, Number(e.target.value)))} />
          </div>
          <div className="field">
            <label htmlFor="graph-cap">Show at most</label>
            <select id="graph-cap" className="input" value={cap} onChange={(e) => setCap(Number(e.target.value))}>
              {[50, 150, 300, 500].map((n) => (
                <option key={n} value={n}>
                  {n} nodes
                </option>
              ))}
            </select>
          </div>
          <fieldset className="field" style={{ border: 0, padding: 0 }}>
            <legend className="label">Types</legend>
            <div className="type-filters">
              {TYPE_NAMES.map((t) => (
                <label key={t} className="type-chip">
                  <input
                    type="checkbox"
                    checked={types.length === 0 || types.includes(t)}
                    onChange={(e) => {
                      const current = types.length === 0 ? TYPE_NAMES : types;
                      const next = e.target.checked ? [...current, t] : current.filter((x) => x !== t);
                      setTypes(next.length === TYPE_NAMES.length ? [] : next);
                    }}
                  />
                  <span className="dot" style={{ background: colorOf(t) }} />
                  {t}
                </label>
              ))}
            </div>
          </fieldset>
          {centre ? (
            <button type="button" className="btn" onClick={() => setCentre(null)}>
              Overview
            </button>
          ) : null}
        </div>
        <div className="canvas-wrap">
          <GraphCanvas data={data} selectedId={selected} onSelect={select} onExpand={expand} />
          <p className="graph-status" role="status" data-testid="graph-status">
            {loading
              ? 'Loading…'
              : data.nodes.length === 0
                ? 'No entities yet: add documents to build the graph.'
                : `${centre ? 'Neighbourhood' : 'Best connected entities'}: ${data.nodes.length} of ${data.total_entities.toLocaleString()} entities, ${data.edges.length} links${data.truncated ? ` (capped at ${cap})` : ''}`}
          </p>
          <p className="graph-hint">Click: details · Double-click: expand · Scroll: zoom</p>
        </div>
      </section>
      <EntityPanel detail={detail} error={error} onOpenPassage={props.onOpenPassage} onFocus={focus} onExpand={expand} />
    </div>
  );
}
