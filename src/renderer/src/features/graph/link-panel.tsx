import type { LinkDetailOut } from '../../../../shared/graph-schemas';
import type { PassageRequest } from '../../components/passage-panel';
import { factItem, SourceList } from './source-list';
import { colorOf } from './type-colors';

interface Props {
  link: LinkDetailOut;
  onOpenPassage: (r: PassageRequest) => void;
  onSelect: (id: string) => void;
  onClose: () => void;
}

/** A link opened: the facts that state it and the sentences where its two ends are named together, each citing its page. */
export function LinkPanel({ link, onOpenPassage, onSelect, onClose }: Props): React.JSX.Element {
  const ends = [link.source, link.target];
  return (
    <aside className="entity-panel" aria-label="Link details" data-testid="link-panel">
      <div className="row">
        <h2 className="grow">
          {ends.map((e, i) => (
            <span key={e.entity_id}>
              {i > 0 ? <span className="muted"> — </span> : null}
              <button type="button" className="link-end" onClick={() => onSelect(e.entity_id)}>
                <span className="dot" style={{ background: colorOf(e.type) }} /> {e.name}
              </button>
            </span>
          ))}
        </h2>
        <button type="button" className="btn small" onClick={onClose}>
          Close
        </button>
      </div>
      <p className="muted" style={{ margin: '4px 0 10px' }}>
        {link.facts.length} stated fact{link.facts.length === 1 ? '' : 's'} · named together in {link.total_passages} passage{link.total_passages === 1 ? '' : 's'}
      </p>
      {link.facts.length > 0 ? <h3>Stated</h3> : null}
      <SourceList items={link.facts.map((f) => factItem(f))} testId="link-fact" passageLabel="Fact source" onOpenPassage={onOpenPassage} />
      {link.passages.length > 0 ? <h3>Mentioned together</h3> : null}
      <SourceList
        items={link.passages.map((p) => ({ key: p.chunk_id, source: p, body: <span className="sentence">{p.sentence}</span> }))}
        testId="link-passage"
        passageLabel={`${link.source.name} — ${link.target.name}`}
        onOpenPassage={onOpenPassage}
      />
      {link.total_passages > link.passages.length ? <p className="muted">and {link.total_passages - link.passages.length} more passages.</p> : null}
    </aside>
  );
}
