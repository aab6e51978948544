import { useState } from 'react';
import { rememberKey, type Connection } from '../../api/connection';
import type { Api } from '../../api/endpoints';
import { useAsync } from '../../components/use-async';
import { answerModelChoice, chooseAnswerModel } from './answer-model';
import { KeySection } from './key-section';

interface Props {
  api: Api;
  onConnectionChange: (c: Connection) => void;
  onSignOut: () => void;
  notify: (m: string) => void;
}

/** Models, the API key, the data folder and the local API address, so other tools can connect. */
export function SettingsView({ api, onConnectionChange, onSignOut, notify }: Props): React.JSX.Element {
  const system = useAsync(() => api.system(), [api]);
  const [model, setModel] = useState(answerModelChoice() ?? '');
  const info = system.data;
  const copy = (text: string, what: string): void => {
    navigator.clipboard.writeText(text).then(
      () => notify(`${what} copied`),
      () => notify('Copying is not allowed here'),
    );
  };
  const curl = info
    ? `curl -s -X POST ${info.api_base_url}/query \\\n  -H "Authorization: Bearer $SVC_API_KEY" -H 'Content-Type: application/json' \\\n  -d '{"query":"What do my documents say about …?"}'`
    : '';

  return (
    <div className="page">
      <h1>Settings</h1>
      <p className="lead">Knowledge Desk {info?.version ?? ''} · everything below stays on this machine.</p>
      {system.error ? <p className="error-text">{system.error}</p> : null}
      <div className="settings">
        <section className="card" aria-labelledby="models-title">
          <h2 id="models-title">Models</h2>
          <div className="kv">
            <span className="label">Answers</span>
            <span>
              {!info ? '…' : info.models.provider === null ? (
                <span className="status-pill">No language model configured: answers quote your documents verbatim, with citations</span>
              ) : info.models.reachable ? (
                <span className="status-pill ok">{info.models.provider}: {info.models.available.length} models</span>
              ) : (
                <span className="status-pill warn">{info.models.provider === 'ollama' ? 'Ollama not reachable' : `${info.models.provider} not reachable`}: answers fall back to quoting</span>
              )}
            </span>
            <label className="label" htmlFor="answer-model">
              Answer model
            </label>
            <select
              id="answer-model"
              className="input"
              value={model}
              disabled={!info?.models.reachable}
              onChange={(e) => {
                setModel(e.target.value);
                chooseAnswerModel(e.target.value || null);
                notify(e.target.value ? `Answers will use ${e.target.value}` : 'Answers use the default model');
              }}
            >
              <option value="">Default</option>
              {(info?.models.available ?? []).map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
            <span className="label">Fact extraction</span>
            <span className="mono">{info?.components.extractor ?? '…'}</span>
            <span className="label">Embedder</span>
            <span className="mono">{info?.components.embedder ?? '…'}</span>
          </div>
          <p className="muted" style={{ marginBottom: 0 }}>
            The Ollama host and the extraction model are set where the server starts (<code>OLLAMA_HOST</code>); the answer model chosen here is sent
            with each question.
          </p>
        </section>

        <section className="card" aria-labelledby="api-title">
          <h2 id="api-title">Local API</h2>
          <div className="kv">
            <span className="label">Address</span>
            <span className="row">
              <code data-testid="api-address">{info?.api_base_url ?? '…'}</code>
              {info ? (
                <button type="button" className="btn small" onClick={() => copy(info.api_base_url, 'Address')}>
                  Copy
                </button>
              ) : null}
            </span>
            <span className="label">OpenAPI</span>
            <code>{info ? `${info.api_base_url}/openapi.json` : '…'}</code>
          </div>
          {info ? (
            <>
              <pre className="curl" aria-label="curl example">{curl}</pre>
              <button type="button" className="btn small" style={{ marginTop: 8 }} onClick={() => copy(curl, 'Example')}>
                Copy example
              </button>
            </>
          ) : null}
        </section>

        <KeySection api={api} notify={notify} copy={copy} onNewKey={(key) => onConnectionChange(api.connection.origin === 'session' ? rememberKey(key) : { ...api.connection, apiKey: key })} />

        <section className="card" aria-labelledby="data-title">
          <h2 id="data-title">Data folder</h2>
          {info?.data_dir ? (
            <div className="row">
              <code className="grow">{info.data_dir}</code>
              <button type="button" className="btn small" onClick={() => copy(info.data_dir ?? '', 'Path')}>
                Copy
              </button>
            </div>
          ) : (
            <p className="muted">Shown to the machine's local owner account only.</p>
          )}
          <p className="muted" style={{ marginBottom: 0 }}>
            One SQLite database per account, plus <code>owner.key</code>. Back it up by copying the folder while the app is closed.
          </p>
        </section>

        {api.connection.origin === 'session' ? (
          <section className="card">
            <button type="button" className="btn" onClick={onSignOut}>
              Disconnect this tab
            </button>
          </section>
        ) : null}
      </div>
    </div>
  );
}
