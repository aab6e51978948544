import type { ModelDownload } from '../../../../client/index';

export interface Offer {
  kind: 'ollama' | 'transformers';
  name: string;
  description: string;
  /** null: not known (a model Ollama already has). */
  sizeBytes: number | null;
  installed: boolean;
  inUse: boolean;
}

export function formatSize(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1)} GB`;
  if (bytes >= 1e6) return `${Math.round(bytes / 1e6)} MB`;
  return `${Math.max(1, Math.round(bytes / 1e3))} kB`;
}

function stateText(d: ModelDownload, inUse: boolean): string {
  const bytes = d.total_bytes > 0 ? `${formatSize(d.completed_bytes)} of ${formatSize(d.total_bytes)}` : '';
  if (d.state === 'running') return bytes ? `Downloading: ${bytes} (${Math.round(d.progress * 100)}%) · ${d.message}` : `Starting: ${d.message}`;
  if (d.state === 'cancelled') return bytes ? `Paused at ${bytes}: Resume goes on from there` : 'Cancelled';
  if (d.state === 'failed') return `Failed: ${d.error ?? d.message}`;
  // Another model may have been put to use since: the text says what holds now.
  return inUse && d.activated_as ? `Installed and in use as the ${d.activated_as === 'embedder' ? 'embedder' : 'answer model'}` : 'Installed';
}

/** One model setup offers: what it is and its size, then its download's progress with Cancel or Resume, or Use. */
export function ModelOfferRow(props: {
  offer: Offer;
  download: ModelDownload | undefined;
  /** Why it cannot be fetched now (Ollama not running); null: it can. */
  unavailable: string | null;
  onFetch: () => void;
  onCancel: (id: string) => void;
  onUse: () => void;
}): React.JSX.Element {
  const { offer, download: d } = props;
  const percent = d ? Math.round((d.state === 'completed' ? 1 : d.progress) * 100) : 0;
  const size = offer.sizeBytes !== null ? formatSize(offer.sizeBytes) : null;
  const state = d?.state ?? (offer.inUse ? 'in-use' : offer.installed ? 'installed' : 'offered');
  return (
    <li className={`offer-row ${d?.state ?? ''}`} data-testid="offer-row" data-model={offer.name} data-state={state}>
      <div className="offer-text">
        <span className="name mono">{offer.name}</span>
        <span className="muted">
          {offer.description}
          {size ? ` · ${size}` : ''}
        </span>
        {d ? (
          <span className="offer-state" data-testid="download-state">
            {stateText(d, offer.inUse)}
          </span>
        ) : null}
      </div>
      <div className="offer-actions">
        {offer.inUse ? (
          <span className="status-pill ok">In use</span>
        ) : d?.state === 'running' ? (
          <button type="button" className="btn small" onClick={() => props.onCancel(d.download_id)}>
            Cancel
          </button>
        ) : d && (d.state === 'cancelled' || d.state === 'failed') ? (
          <button type="button" className="btn small primary" onClick={props.onFetch} disabled={props.unavailable !== null}>
            {d.state === 'cancelled' ? 'Resume' : 'Try again'}
          </button>
        ) : offer.installed ? (
          <button type="button" className="btn small" onClick={props.onUse}>
            Use
          </button>
        ) : (
          <button type="button" className="btn small primary" onClick={props.onFetch} disabled={props.unavailable !== null} title={props.unavailable ?? undefined}>
            {`Download${size ? ` (${size})` : ''}`}
          </button>
        )}
      </div>
      {d && d.state !== 'completed' ? (
        <div className="bar" role="progressbar" aria-label={`${offer.name} download`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <span style={{ width: `${d.state === 'failed' ? 100 : Math.max(percent, 2)}%` }} />
        </div>
      ) : null}
    </li>
  );
}
