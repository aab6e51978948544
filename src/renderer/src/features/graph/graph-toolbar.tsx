import type { EntityOut } from '../../../../shared/graph-schemas';
import type { EntityTypeName } from '../../../../client/index';
import type { Api } from '../../api/desk-api';
import { EntitySearch } from './entity-search';
import { colorOf, TYPE_NAMES } from './type-colors';

export interface GraphControls {
  types: EntityTypeName[];
  minDegree: number;
  depth: number;
  cap: number;
  /** Draw (and walk along) the entities that passages name together. */
  coMentions: boolean;
}

interface Props {
  api: Api;
  controls: GraphControls;
  onChange: (next: GraphControls) => void;
  onPick: (entity: EntityOut) => void;
  /** Shown while centred on an entity: back to the overview. */
  onOverview: (() => void) | null;
}

/** The explorer's controls: find an entity, depth, filters, how many nodes, and the co-mention toggle. */
export function GraphToolbar({ api, controls, onChange, onPick, onOverview }: Props): React.JSX.Element {
  const set = (patch: Partial<GraphControls>): void => onChange({ ...controls, ...patch });
  const { types } = controls;
  return (
    <div className="graph-toolbar">
      <EntitySearch api={api} types={types} onPick={onPick} />
      <div className="field">
        <label htmlFor="graph-depth">Depth</label>
        <select id="graph-depth" className="input" value={controls.depth} onChange={(e) => set({ depth: Number(e.target.value) })}>
          <option value={1}>1 hop</option>
          <option value={2}>2 hops</option>
          <option value={3}>3 hops</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="graph-degree">Min. links</label>
        <input
          id="graph-degree"
          className="input"
          type="number"
          min={0}
          style={{ width: 80 }}
          value={controls.minDegree}
          onChange={(e) => set({ minDegree: Math.max(0, Number(e.target.value)) })}
        />
      </div>
      <div className="field">
        <label htmlFor="graph-cap">Show at most</label>
        <select id="graph-cap" className="input" value={controls.cap} onChange={(e) => set({ cap: Number(e.target.value) })}>
          {[50, 150, 300, 500].map((n) => (
            <option key={n} value={n}>
              {n} nodes
            </option>
          ))}
        </select>
      </div>
      <label className="type-chip co-mention-toggle" title="Link entities that passages name together (drawn as lighter lines), not only stated facts">
        <input type="checkbox" checked={controls.coMentions} onChange={(e) => set({ coMentions: e.target.checked })} />
        Show mentioned-with links
      </label>
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
                  set({ types: next.length === TYPE_NAMES.length ? [] : next });
                }}
              />
              <span className="dot" style={{ background: colorOf(t) }} />
              {t}
            </label>
          ))}
        </div>
      </fieldset>
      {onOverview ? (
        <button type="button" className="btn" onClick={onOverview}>
          Overview
        </button>
      ) : null}
    </div>
  );
}
