import type { FactOut } from '../../../../shared/api-types';
import { isWeakMatch } from '../../../../shared/coverage';
import type { PassageRequest } from '../../components/passage-panel';
import { sourceByNumber, splitCitations, whereLabel } from './citations';
import type { Turn } from './use-chat';

interface Props {
  turn: Turn;
  onOpenPassage: (request: PassageRequest) => void;
  onCopy: (text: string) => void;
  onSuggest: (mode: 'thinking' | 'research') => void;
}

/** One assistant answer: reasoning, the text with clickable citation markers, its sources, and its state. */
export function AssistantMessage({ turn, onOpenPassage, onCopy, onSuggest }: Props): React.JSX.Element {
  const byNumber = sourceByNumber(turn.content, turn.sources);
  if (turn.status === 'not-found') {
    return (
      <article className="msg assistant" data-testid="answer">
        <div className="not-found" role="note" data-testid="not-found">
          <strong>Not in your knowledge base.</strong> Nothing you have added covers this question well enough to answer it, so no answer was
          made up.
          <AbsentWords words={turn.absentWords} />
          <div className="meta">
            <span>Try naming a person, place or document in the question, add a document that covers it in Library &amp; ingest, or</span>
            {turn.mode === 'chat' ? (
              <button type="button" className="btn small" onClick={() => onSuggest('thinking')}>
                search deeper (Thinking)
              </button>
            ) : null}
          </div>
        </div>
      </article>
    );
  }
  return (
    <article className="msg assistant" data-testid="answer" aria-busy={turn.status === 'streaming'}>
      {turn.reasoning && turn.reasoning.length > 0 ? (
        <details className="reasoning" open={turn.status === 'streaming'}>
          <summary>Reasoning ({turn.reasoning.length} steps)</summary>
          <ol>
            {turn.reasoning.map((s) => (
              <li key={s.step}>{s.thought}</li>
            ))}
          </ol>
        </details>
      ) : null}
      {turn.facts ? <FactsTable turn={turn} onOpenPassage={onOpenPassage} /> : null}
      <div className={`answer${turn.status === 'streaming' ? ' caret' : ''}`} data-testid="answer-text">
        {splitCitations(turn.content).map((part, i) => {
          if (part.cite === undefined) return <span key={i}>{part.text}</span>;
          const source = byNumber.get(part.cite);
          if (!source) return <span key={i} className="muted">{part.text}</span>;
          const where = whereLabel(source);
          return (
            <button
              key={i}
              type="button"
              className="cite"
              data-testid="citation"
              aria-label={`Open source ${part.cite}: ${source.title}${where ? `, ${where}` : ''}`}
              onClick={() => onOpenPassage({ chunkId: source.chunk_id, ...(part.quote ? { quote: part.quote } : {}), label: `Source ${part.cite}` })}
            >
              {part.cite}
            </button>
          );
        })}
      </div>
      {turn.error ? <p className="error-text" role="alert">{turn.error}</p> : null}
      {turn.sources.length > 0 ? (
        <div className="sources" aria-label="Sources">
          {[...byNumber.entries()].map(([n, s]) => (
            <button key={n} type="button" className="source-chip" onClick={() => onOpenPassage({ chunkId: s.chunk_id, label: `Source ${n}` })}>
              [{n}] {s.title}
              {whereLabel(s) ? ` · ${whereLabel(s)}` : ''}
              {s.source ? <span className="muted" data-testid="source-path">{` · ${s.source.path}`}</span> : null}
            </button>
          ))}
        </div>
      ) : null}
      {turn.status !== 'streaming' && isWeakMatch(turn.coverage) ? <AbsentWords words={turn.absentWords} /> : null}
      {turn.status !== 'streaming' ? (
        <div className="meta">
          {turn.status === 'stopped' ? <span className="status-pill warn">Stopped</span> : null}
          {isWeakMatch(turn.coverage) ? (
            <span className="status-pill warn" data-testid="weak-coverage" title={`How well the passages found cover the question: ${Math.round(turn.coverage * 100)}%`}>
              Weak match: the sources may not answer this
            </span>
          ) : null}
          {turn.model ? <span title="What wrote this answer">{turn.model === 'extractive' ? 'Quoted from your documents (no language model)' : `Model: ${turn.model}`}</span> : null}
          {turn.content ? (
            <button type="button" className="btn small" onClick={() => onCopy(turn.content)}>
              Copy answer
            </button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

/** Which of the question's words no document holds: what to rephrase, or what to add. */
function AbsentWords({ words }: { words: string[] | undefined }): React.JSX.Element | null {
  if (!words || words.length === 0) return null;
  const quoted = words.map((w) => `“${w}”`);
  const list = quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1) ?? ''}`;
  return (
    <p className="muted" data-testid="absent-words">
      None of your documents mention {list}.
    </p>
  );
}

function FactsTable({ turn, onOpenPassage }: { turn: Turn; onOpenPassage: (r: PassageRequest) => void }): React.JSX.Element {
  const facts = turn.facts ?? [];
  const passages = turn.passages ?? [];
  return (
    <>
      {facts.length === 0 ? <p className="muted">No stored facts match; the passages below do.</p> : <FactRows facts={facts} onOpenPassage={onOpenPassage} />}
      {passages.length > 0 ? (
        <div className="sources" aria-label="Matching passages">
          {passages.map((c) => (
            <button key={c.chunk_id} type="button" className="source-chip" onClick={() => onOpenPassage({ chunkId: c.chunk_id })}>
              {c.title}
              {whereLabel(c) ? ` · ${whereLabel(c)}` : ''}
            </button>
          ))}
        </div>
      ) : null}
    </>
  );
}

function FactRows({ facts, onOpenPassage }: { facts: FactOut[]; onOpenPassage: (r: PassageRequest) => void }): React.JSX.Element {
  return (
    <table className="facts-table" data-testid="facts-table">
      <caption className="visually-hidden">Facts found for the question</caption>
      <thead>
        <tr>
          <th scope="col">Subject</th>
          <th scope="col">Relation</th>
          <th scope="col">Object</th>
          <th scope="col">Source</th>
        </tr>
      </thead>
      <tbody>
        {facts.map((f) => (
          <tr key={f.fact_id}>
            <td>{f.subject}</td>
            <td>{f.predicate}</td>
            <td>{f.object}</td>
            <td>
              <button type="button" className="source-chip" onClick={() => onOpenPassage({ chunkId: f.source.chunk_id, quote: `${f.subject}` })}>
                {f.source.title}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
