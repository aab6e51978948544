import { useEffect, useState } from 'react';
import type { ModelSettings, SystemInfo } from '../../../../client/index';
import type { Api } from '../../api/desk-api';
import { useAsync } from '../../components/use-async';

/**
 * Ollama host, answer and extraction models (the pickers list what Ollama has now), and the
 * embedder with its indexing state. Saved on the server (PUT /settings/models), so every client
 * of this machine gets the same models.
 */
export function ModelsSection({ api, info, notify }: { api: Api; info: SystemInfo | null; notify: (m: string) => void }): React.JSX.Element {
  const settings = useAsync(() => api.getModelSettings(), [api]);
  const [host, setHost] = useState('');
  const current = settings.data?.settings;
  useEffect(() => setHost(current?.ollama_host ?? ''), [current?.ollama_host]);
  const available = info?.models.available ?? [];
  const reachable = info?.models.reachable ?? false;

  const save = async (patch: Partial<ModelSettings['settings']>, done: string): Promise<void> => {
    try {
      await api.updateModelSettings(patch);
      notify(done);
      settings.reload();
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e));
    }
  };
  const choices = (value: string | null): string[] => (value && !available.includes(value) ? [value, ...available] : available);

  return (
    <section className="card" aria-labelledby="models-title">
      <h2 id="models-title">Models</h2>
      <div className="kv">
        <span className="label">Status</span>
        <span>
          {!info ? (
            '…'
          ) : !reachable ? (
            <span className="status-pill warn">Ollama not reachable: answers quote your documents verbatim, with citations</span>
          ) : available.length === 0 ? (
            <span className="status-pill warn">Ollama reachable, no models yet: pull one under Model setup below (until then answers quote your documents)</span>
          ) : (
            <span className="status-pill ok">Ollama reachable: {available.length} models</span>
          )}
        </span>
        <label className="label" htmlFor="ollama-host">
          Ollama host
        </label>
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            void save({ ollama_host: host.trim() }, 'Ollama host saved');
          }}
        >
          <input id="ollama-host" className="input mono grow" value={host} onChange={(e) => setHost(e.target.value)} placeholder="http://127.0.0.1:11434" />
          <button type="submit" className="btn small" disabled={!current || host.trim() === current.ollama_host}>
            Save
          </button>
        </form>
        <ModelSelect
          id="answer-model"
          label="Answer model"
          none="None: quote the documents"
          value={current?.answer_model ?? null}
          options={choices(current?.answer_model ?? null)}
          disabled={!current}
          onChange={(m) => void save({ answer_model: m }, m ? `Answers will use ${m}` : 'Answers quote the documents')}
        />
        <ModelSelect
          id="extraction-model"
          label="Fact extraction"
          none="Built-in extractor (offline)"
          value={current?.extraction_model ?? null}
          options={choices(current?.extraction_model ?? null)}
          disabled={!current}
          onChange={(m) => void save({ extraction_model: m }, 'Extraction model saved; it applies to new documents')}
        />
        <span className="label">Embedder</span>
        <span className="mono">
          {current ? `${current.embedder.kind}${'model' in current.embedder ? `: ${current.embedder.model}` : ''}` : '…'}
          {settings.data ? ` · ${settings.data.status.embedder.message}` : ''}
        </span>
      </div>
      {settings.error ? <p className="error-text">{settings.error}</p> : null}
    </section>
  );
}

/** A model picker: "none" (the offline part) or one of the models Ollama has. */
function ModelSelect(props: {
  id: string;
  label: string;
  none: string;
  value: string | null;
  options: string[];
  disabled: boolean;
  onChange: (model: string | null) => void;
}): React.JSX.Element {
  return (
    <>
      <label className="label" htmlFor={props.id}>
        {props.label}
      </label>
      <select id={props.id} className="input" value={props.value ?? ''} disabled={props.disabled} onChange={(e) => props.onChange(e.target.value || null)}>
        <option value="">{props.none}</option>
        {props.options.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </select>
    </>
  );
}
