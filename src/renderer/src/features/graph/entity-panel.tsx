import type { EntityDetailOut } from '../../../../shared/graph-schemas';
import type { PassageRequest } from '../../components/passage-panel';
import { factItem, SourceList } from './source-list';
import { colorOf } from './type-colors';

interface Props {
  detail: EntityDetailOut | null;
  error: string | null;
  onOpenPassage: (r: PassageRequest) => void;
  onFocus: (id: string) => void;
  onExpand: (id: string) => void;
  onOpenLink: (source: string, target: string) => void;
}

/**
 * The selected entity: its facts (each opens the sentence it was read from), neighbours, what
 * passages name it with (each opens the sentences where they meet) and documents.
 */
export function EntityPanel({ detail, error, onOpenPassage, onFocus, onExpand, onOpenLink }: Props): React.JSX.Element {
  if (error) return <aside className="entity-panel"><p className="error-text">{error}</p></aside>;
  if (!detail) {
    return (
      <aside className="entity-panel" aria-label="Entity details">
        <h2>Explore the graph</h2>
        <p className="muted">
          Search for an entity, or click a node. Double-click a node (or press “Expand”) to bring in its neighbours. Facts open the passage they
          were read from; a link opens the sentences where its two entities are named together.
        </p>
      </aside>
    );
  }
  const { entity } = detail;
  return (
    <aside className="entity-panel" aria-label="Entity details" data-testid="entity-panel">
      <div className="row">
        <span className="dot" style={{ background: colorOf(entity.type) }} />
        <h2 className="grow">{entity.name}</h2>
      </div>
      <p className="muted" style={{ margin: '4px 0 10px' }}>
        {entity.type} · {entity.degree} relationship{entity.degree === 1 ? '' : 's'}
      </p>
      <div className="row">
        <button type="button" className="btn small primary" onClick={() => onExpand(entity.entity_id)}>
          Expand neighbours
        </button>
        <button type="button" className="btn small" onClick={() => onFocus(entity.entity_id)}>
          Centre here
        </button>
      </div>
      <h3>Facts ({detail.facts.length})</h3>
      {detail.facts.length === 0 ? <p className="muted">No facts stored about it.</p> : null}
      <SourceList items={detail.facts.map((f) => factItem(f, ` · confidence ${f.confidence}`))} testId="entity-fact" passageLabel="Fact source" onOpenPassage={onOpenPassage} />
      {detail.neighbours.length > 0 ? (
        <>
          <h3>Neighbours ({detail.neighbours.length})</h3>
          <div className="neighbours">
            {detail.neighbours.map((n) => (
              <button key={n.entity_id} type="button" className="neighbour" title={n.predicates.join(', ')} onClick={() => onFocus(n.entity_id)}>
                <span className="dot" style={{ background: colorOf(n.type) }} />
                {n.name}
              </button>
            ))}
          </div>
        </>
      ) : null}
      {detail.mentioned_with && detail.mentioned_with.length > 0 ? (
        <>
          <h3>Mentioned with ({detail.mentioned_with.length})</h3>
          <div className="neighbours">
            {detail.mentioned_with.map((m) => (
              <button
                key={m.entity_id}
                type="button"
                className="neighbour mentioned"
                data-testid="mentioned-with"
                title={`Named together in ${m.count} passage${m.count === 1 ? '' : 's'}: open them`}
                onClick={() => onOpenLink(entity.entity_id, m.entity_id)}
              >
                <span className="dot" style={{ background: colorOf(m.type) }} />
                {m.name}
                <span className="muted">{m.count}</span>
              </button>
            ))}
          </div>
        </>
      ) : null}
      {detail.sources.length > 0 ? (
        <>
          <h3>Documents</h3>
          <ul style={{ paddingLeft: 18, margin: 0 }}>
            {detail.sources.map((s) => (
              <li key={s.document_id}>
                {s.title} <span className="muted">({s.fact_count} facts)</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </aside>
  );
}
