import { useEffect, useState } from 'react';
import type { Api, ModelSettings, SystemInfo } from '../../api/endpoints';
import { useAsync } from '../../components/use-async';

/**
 * Ollama host, answer and extraction models (the pickers list what Ollama has now), and the
 * embedder with its indexing state. Saved on the server (PUT /settings/models), so every client
 * of this machine gets the same models.
 */
export function ModelsSection({ api, info, notify }: { api: Api; info: SystemInfo | null; notify: (m: string) => void }): React.JSX.Element {
  const settings = useAsync(() => api.modelSettings(), [api]);
  const [host, setHost] = useState('');
  const current = settings.data?.settings;
  useEffect(() => setHost(current?.ollama_host ?? ''), [current?.ollama_host]);
  const available = info?.models.available ?? [];
  const reachable = info?.models.reachable ?? false;

  const save = async (patch: Partial<ModelSettings['settings']>, done: string): Promise<void> => {
    try {
      await api.saveModelSettings(patch);
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
          {!info ? '…' : reachable ? (
            <span className="status-pill ok">Ollama reachable: {available.length} models</span>
          ) : (
            <span className="status-pill warn">Ollama not reachable: answers quote your documents verbatim, with citations</span>
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
        <label className="label" htmlFor="answer-model">
          Answer model
        </label>
        <select
          id="answer-model"
          className="input"
          value={current?.answer_model ?? ''}
          disabled={!current}
          onChange={(e) => void save({ answer_model: e.target.value || null }, e.target.value ? `Answers will use ${e.target.value}` : 'Answers quote the documents')}
        >
          <option value="">None: quote the documents</option>
          {choices(current?.answer_model ?? null).map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
        <label className="label" htmlFor="extraction-model">
          Fact extraction
        </label>
        <select
          id="extraction-model"
          className="input"
          value={current?.extraction_model ?? ''}
          disabled={!current}
          onChange={(e) => void save({ extraction_model: e.target.value || null }, 'Extraction model saved; it applies to new documents')}
        >
          <option value="">Built-in extractor (offline)</option>
          {choices(current?.extraction_model ?? null).map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
        <span className="label">Embedder</span>
        <span className="mono">
          {current ? `${current.embedder.kind}${current.embedder.model ? `: ${current.embedder.model}` : ''}` : '…'}
          {settings.data ? ` · ${settings.data.status.embedder.message}` : ''}
        </span>
      </div>
      {settings.error ? <p className="error-text">{settings.error}</p> : null}
    </section>
  );
}
