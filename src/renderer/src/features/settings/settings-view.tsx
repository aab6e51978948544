import { useEffect } from 'react';
import { rememberKey, type Connection } from '../../api/connection';
import type { Api } from '../../api/desk-api';
import { useAsync } from '../../components/use-async';
import { KeySection } from './key-section';
import { ModelsSection } from './models-section';
import { ModelSetupPanel } from '../setup/model-setup-panel';
import { useModelSetup } from '../setup/use-model-setup';

interface Props {
  api: Api;
  onConnectionChange: (c: Connection) => void;
  onSignOut: () => void;
  notify: (m: string) => void;
}

/** Models, the API key, the data folder and the local API address, so other tools can connect. */
export function SettingsView({ api, onConnectionChange, onSignOut, notify }: Props): React.JSX.Element {
  const system = useAsync(() => api.system(), [api]);
  const info = system.data;
  const setup = useModelSetup(api, notify);
  // A model that setup installed and put to use shows in the pickers above at once.
  const inUse = setup.status ? `${setup.status.answer_model ?? ''}|${JSON.stringify(setup.status.embedder.choice)}|${setup.status.ollama.installed.length}` : '';
  const { reload: reloadSystem } = system;
  useEffect(() => reloadSystem(), [inUse, reloadSystem]);
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
        <ModelsSection key={inUse} api={api} info={info} notify={notify} />

        <section className="card" aria-labelledby="setup-title">
          <h2 id="setup-title">Model setup</h2>
          <ModelSetupPanel setup={setup} />
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
