import { useState } from 'react';
import type { Api } from '../../api/desk-api';
import { useAsync } from '../../components/use-async';

interface Props {
  api: Api;
  notify: (m: string) => void;
  copy: (text: string, what: string) => void;
  onNewKey: (key: string) => void;
}

/** The key this window uses (copy, show, regenerate) and the account's other keys (revoke). */
export function KeySection({ api, notify, copy, onNewKey }: Props): React.JSX.Element {
  const keys = useAsync(() => api.listKeys(), [api]);
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const key = api.connection.apiKey;
  const current = keys.data?.find((k) => !k.revoked && key.startsWith(k.prefix));

  const regenerate = async (): Promise<void> => {
    const fresh = await api.createKey(current?.name ?? 'desktop');
    if (current) await api.revokeKey(current.key_id);
    setConfirming(false);
    notify('New key issued; the old one no longer works');
    onNewKey(fresh.api_key);
  };

  return (
    <section className="card" aria-labelledby="key-title">
      <h2 id="key-title">API key</h2>
      <div className="row">
        <code className="grow" data-testid="api-key">
          {shown ? key : `${key.slice(0, 13)}${'•'.repeat(24)}`}
        </code>
        <button type="button" className="btn small" onClick={() => setShown((s) => !s)}>
          {shown ? 'Hide' : 'Show'}
        </button>
        <button type="button" className="btn small" onClick={() => copy(key, 'Key')}>
          Copy
        </button>
        {confirming ? (
          <>
            <button type="button" className="btn small danger" onClick={() => void regenerate().catch((e: unknown) => notify(String(e)))}>
              Revoke and replace
            </button>
            <button type="button" className="btn small" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </>
        ) : (
          <button type="button" className="btn small" onClick={() => setConfirming(true)}>
            Regenerate
          </button>
        )}
      </div>
      <p className="muted">
        Tools send it as <code>Authorization: Bearer …</code>. Regenerating revokes this key at once; scripts using it must get the new one
        {current?.name === 'owner' ? ', and the next start writes a fresh owner.key' : ''}.
      </p>
      {keys.data ? (
        <ul className="key-list" aria-label="Keys of this account">
          {keys.data
            .filter((k) => !k.revoked)
            .map((k) => (
              <li key={k.key_id}>
                <code>{k.prefix}…</code>
                <span className="grow">
                  {k.name}
                  {k === current ? ' (this window)' : ''}
                </span>
                <span className="muted">{k.last_used_at ? `used ${new Date(k.last_used_at).toLocaleDateString()}` : 'never used'}</span>
                {k !== current ? (
                  <button type="button" className="btn small danger" onClick={() => void api.revokeKey(k.key_id).then(keys.reload)}>
                    Revoke
                  </button>
                ) : null}
              </li>
            ))}
        </ul>
      ) : null}
    </section>
  );
}
