import { useState } from 'react';
import { rememberKey, type Connection } from '../../api/connection';
import { createApi, login } from '../../api/desk-api';

/**
 * A browser tab has no preload to hand it a key: the person pastes an API key (the local owner's
 * is in owner.key in the data folder) or logs in with e-mail and password, which issues a key.
 * The key is checked against the API before it is kept.
 */
export function LoginScreen(props: { onConnected: (c: Connection) => void }): React.JSX.Element {
  const [tab, setTab] = useState<'key' | 'password'>('key');
  const [key, setKey] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const connectWith = async (apiKey: string): Promise<void> => {
    const candidate = { baseUrl: window.location.origin, apiKey, origin: 'session' as const };
    await createApi(candidate).listKeys();
    props.onConnected(rememberKey(apiKey));
  };

  const submit = async (event: React.FormEvent): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await connectWith(tab === 'key' ? key.trim() : await login(window.location.origin, email.trim(), password));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="login">
      <form className="card" onSubmit={(e) => void submit(e)} aria-labelledby="login-title">
        <h1 id="login-title">Knowledge Desk</h1>
        <p className="muted">Connect this tab to your local knowledge base.</p>
        <div className="tabs" role="tablist" aria-label="How to connect">
          <button type="button" role="tab" aria-selected={tab === 'key'} onClick={() => setTab('key')}>
            API key
          </button>
          <button type="button" role="tab" aria-selected={tab === 'password'} onClick={() => setTab('password')}>
            E-mail and password
          </button>
        </div>
        {tab === 'key' ? (
          <div className="field">
            <label htmlFor="api-key">API key</label>
            <input id="api-key" className="input mono" type="password" autoComplete="off" value={key} onChange={(e) => setKey(e.target.value)} placeholder="svc_live_…" required />
            <span className="muted" style={{ fontSize: 12 }}>
              The local owner key is in <code>owner.key</code> in the data folder. It is kept for this tab only.
            </span>
          </div>
        ) : (
          <>
            <div className="field">
              <label htmlFor="email">E-mail</label>
              <input id="email" className="input" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required />
            </div>
            <div className="field">
              <label htmlFor="password">Password</label>
              <input id="password" className="input" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
            </div>
          </>
        )}
        {error ? (
          <p className="error-text" role="alert">
            {error}
          </p>
        ) : null}
        <button className="btn primary" type="submit" disabled={busy}>
          {busy ? 'Connecting…' : 'Connect'}
        </button>
      </form>
    </main>
  );
}
