import type { EntityDetailOut } from '../../../../shared/graph-schemas';
import type { PassageRequest } from '../../components/passage-panel';
import { whereLabel } from '../chat/citations';

type Fact = EntityDetailOut['facts'][number];
/** Where a sentence was read from: enough to cite it and to open its passage with it highlighted. */
type SentenceSource = Fact['source'];

export interface SourcedItem {
  key: string;
  source: SentenceSource;
  /** What was read there: a fact's triple or the sentence itself. */
  body: React.ReactNode;
  /** Said after the citation, e.g. the fact's confidence. */
  note?: string;
}

interface Props {
  items: readonly SourcedItem[];
  testId: string;
  /** Heading of the passage panel each item opens. */
  passageLabel: string;
  onOpenPassage: (r: PassageRequest) => void;
}

/** Things read from sentences, each citing document and place and opening the passage with its sentence highlighted. */
export function SourceList({ items, testId, passageLabel, onOpenPassage }: Props): React.JSX.Element {
  return (
    <>
      {items.map(({ key, source, body, note }) => (
        <button
          key={key}
          type="button"
          className="fact"
          data-testid={testId}
          onClick={() => onOpenPassage({ chunkId: source.chunk_id, range: { start: source.sentence_start, end: source.sentence_end }, label: passageLabel })}
        >
          {body}
          <span className="src">
            {source.title}
            {whereLabel(source) ? ` · ${whereLabel(source)}` : ''}
            {note}
          </span>
        </button>
      ))}
    </>
  );
}

/** A fact as a list item: its triple, cited where it was read. */
export function factItem(f: Fact, note?: string): SourcedItem {
  return {
    key: f.fact_id,
    source: f.source,
    note,
    body: (
      <span className="triple">
        <b>{f.subject}</b> <span className="pred">{f.predicate}</span> <b>{f.object}</b>
      </span>
    ),
  };
}
