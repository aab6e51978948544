import type { ModelSetupStatus } from '../../../../client/index';
import { ModelOfferRow, type Offer } from './model-offer-row';
import './model-setup.css';
import type { ModelSetupState } from './use-model-setup';

/** "llama3.2" names the installed "llama3.2:latest", as it does for Ollama itself. */
const sameModel = (a: string | null | undefined, b: string): boolean => !!a && (a === b || a === `${b}:latest` || `${a}:latest` === b);

function offers(s: ModelSetupStatus): { answers: Offer[]; embedders: Offer[] } {
  const installed = (name: string): boolean => s.ollama.installed.some((m) => sameModel(m.name, name));
  const choice = s.embedder.choice;
  const answers = s.offered.chat_models.map((m) => ({
    kind: 'ollama' as const,
    name: m.name,
    description: m.description,
    sizeBytes: m.size_bytes,
    installed: m.installed,
    inUse: sameModel(s.answer_model, m.name),
  }));
  const ollamaEmbedders = [
    ...s.offered.ollama_embedders.map((m) => ({ name: m.name, description: m.description, sizeBytes: m.size_bytes as number | null })),
    // An embedding model Ollama already has is offered too, whatever its name.
    ...s.ollama.installed
      .filter((m) => m.capabilities.includes('embedding') && !s.offered.ollama_embedders.some((o) => sameModel(m.name, o.name)))
      .map((m) => ({ name: m.name, description: 'installed in Ollama', sizeBytes: null })),
  ].map((m) => ({ kind: 'ollama' as const, ...m, installed: installed(m.name), inUse: choice.kind === 'ollama' && sameModel(choice.model, m.name) }));
  const transformers = s.offered.transformers_embedders.map((m) => ({
    kind: 'transformers' as const,
    name: m.name,
    description: m.description,
    sizeBytes: m.size_bytes,
    installed: m.installed,
    inUse: choice.kind === 'transformers' && choice.model === m.name,
  }));
  return { answers, embedders: [...transformers, ...ollamaEmbedders] };
}

/**
 * Models for this installation: a chat model for written answers (through Ollama) and an
 * embedder for search by meaning, each offered with its size, downloaded with a progress bar that
 * can be cancelled and resumed, and put to use when done. Without Ollama it says how to get it;
 * everything keeps working meanwhile, with answers quoted from the documents.
 */
export function ModelSetupPanel({ setup }: { setup: ModelSetupState }): React.JSX.Element {
  const s = setup.status;
  if (setup.forbidden) return <p className="muted">Models are set up by this machine's owner.</p>;
  if (!s) return <p className="muted">{setup.error ?? 'Looking for models…'}</p>;
  const { answers, embedders } = offers(s);
  const noOllama = s.ollama.reachable ? null : 'Ollama is not running';
  const row = (offer: Offer) => (
    <ModelOfferRow
      key={`${offer.kind}:${offer.name}`}
      offer={offer}
      download={s.downloads.find((d) => d.kind === offer.kind && sameModel(d.model, offer.name))}
      unavailable={offer.kind === 'ollama' ? noOllama : null}
      onFetch={() => void (offer.kind === 'ollama' ? setup.pull(offer.name) : setup.download(offer.name))}
      onCancel={(id) => void setup.cancel(id)}
      onUse={() =>
        void setup.use(
          answers.includes(offer) ? { answer_model: offer.name } : { embedder: { kind: offer.kind, model: offer.name } },
        )
      }
    />
  );
  const index = s.vector_index;
  return (
    <div className="model-setup" data-testid="model-setup">
      <h3>Written answers</h3>
      {s.answer_model ? (
        <p className="muted" data-testid="answer-model">
          Answers are written by <span className="mono">{s.answer_model}</span> through Ollama.
        </p>
      ) : s.ollama.reachable ? (
        <p className="muted">Ollama is running but has no chat model yet. Download one (it stays on this machine):</p>
      ) : (
        <div className="setup-note" data-testid="ollama-missing" role="note">
          <strong>Ollama not found.</strong> {s.ollama.how_to_get}{' '}
          <a href={s.ollama.download_url} target="_blank" rel="noreferrer">
            Get Ollama
          </a>{' '}
          <button type="button" className="btn small" onClick={setup.reload}>
            Check again
          </button>
        </div>
      )}
      {s.ollama.reachable || answers.some((a) => a.installed) ? <ul className="offers">{answers.map(row)}</ul> : null}

      <h3>Search by meaning</h3>
      <p className="muted" data-testid="embedder-state">
        {s.embedder.choice.kind === 'hashed'
          ? 'Search matches your words (the built-in embedder). An embedding model also finds passages that say the same thing in other words.'
          : `Embedder: ${s.embedder.choice.kind} ${s.embedder.choice.model ?? ''} · ${s.embedder.message}`}
      </p>
      <ul className="offers">{embedders.filter((e) => e.kind === 'transformers' || s.ollama.reachable || e.installed).map(row)}</ul>
      {index.state === 'building' ? (
        <div className="reindex" data-testid="reindex">
          <span className="muted">Re-indexing your documents in the background: {index.message}</span>
          <div className="bar" role="progressbar" aria-label="Re-indexing" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(index.progress * 100)}>
            <span style={{ width: `${Math.max(2, Math.round(index.progress * 100))}%` }} />
          </div>
        </div>
      ) : null}
      {setup.error ? <p className="error-text">{setup.error}</p> : null}
    </div>
  );
}
