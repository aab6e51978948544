import { useState } from 'react';
import type { Api } from '../../api/desk-api';
import type { Folder, FolderFile } from '../../../../client/index';
import { unindexedFiles } from './unindexed-files';

const STATUS_TEXT: Record<Folder['status'], string> = { scanning: 'Scanning', watching: 'Watching', error: 'Error' };

/** One watched folder: its state and progress, the files it could not index and why, rescan and remove. */
export function FolderRow(props: { api: Api; folder: Folder; onChanged: () => void; notify: (m: string) => void }): React.JSX.Element {
  const { folder, api } = props;
  const [confirming, setConfirming] = useState(false);
  const [unindexed, setUnindexed] = useState<FolderFile[] | null>(null);
  const [working, setWorking] = useState(false);
  const notIndexed = folder.files_failed + folder.files_skipped;
  const done = folder.files_total - folder.files_pending;
  const percent = folder.files_total === 0 ? (folder.status === 'scanning' ? 0 : 100) : Math.round((done / folder.files_total) * 100);
  const state = folder.status === 'error' ? 'failed' : folder.status === 'watching' && folder.files_pending === 0 ? 'completed' : 'active';

  const act = async (what: () => Promise<unknown>, message: string): Promise<void> => {
    setWorking(true);
    try {
      await what();
      props.notify(message);
    } catch (e) {
      props.notify(e instanceof Error ? e.message : String(e));
    }
    setWorking(false);
    setConfirming(false);
    props.onChanged();
  };

  const loadUnindexed = async (): Promise<void> => {
    try {
      setUnindexed(await unindexedFiles(api, folder.folder_id));
    } catch (e) {
      props.notify(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <li className={`folder-row ${state}`} data-testid="folder-row" data-status={folder.status}>
      <div className="folder-head">
        <div style={{ minWidth: 0 }} className="grow">
          <div className="name" title={folder.path}>
            {folder.path}
          </div>
          <div className="state" data-testid="folder-state">
            <span className={`folder-status ${folder.status}`}>{STATUS_TEXT[folder.status]}</span> · {folder.files_indexed.toLocaleString()} of{' '}
            {folder.files_total.toLocaleString()} files indexed
            {folder.files_pending > 0 ? ` · ${folder.files_pending.toLocaleString()} waiting` : ''}
            {folder.files_failed > 0 ? ` · ${folder.files_failed.toLocaleString()} failed` : ''}
            {folder.files_skipped > 0 ? ` · ${folder.files_skipped.toLocaleString()} skipped` : ''}
            {folder.last_scan_at ? ` · last full scan ${new Date(folder.last_scan_at).toLocaleString()}` : ''}
          </div>
          {folder.error ? <div className="error-text state">{folder.error}</div> : null}
        </div>
        <div className="bar" role="progressbar" aria-label={`${folder.path} progress`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <span style={{ width: `${Math.max(percent, 3)}%` }} />
        </div>
        <div className="row" style={{ whiteSpace: 'nowrap' }}>
          {confirming ? (
            <>
              <button type="button" className="btn small danger" disabled={working} onClick={() => void act(() => api.removeFolder(folder.folder_id, { keepDocuments: false }), 'Folder removed with its documents')}>
                Remove with its documents
              </button>
              <button type="button" className="btn small" disabled={working} onClick={() => void act(() => api.removeFolder(folder.folder_id, { keepDocuments: true }), 'Folder no longer watched; its documents stay')}>
                Keep documents
              </button>
              <button type="button" className="btn small" onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </>
          ) : (
            <>
              <button type="button" className="btn small" disabled={working} aria-label={`Rescan ${folder.path}`} onClick={() => void act(() => api.rescanFolder(folder.folder_id), 'Rescanning the folder')}>
                Rescan
              </button>
              <button type="button" className="btn small" aria-label={`Remove ${folder.path}`} onClick={() => setConfirming(true)}>
                Remove
              </button>
            </>
          )}
        </div>
      </div>
      {notIndexed > 0 ? (
        <details
          className="folder-files"
          onToggle={(e) => {
            if (e.currentTarget.open) void loadUnindexed();
          }}
        >
          <summary>
            {notIndexed.toLocaleString()} {notIndexed === 1 ? 'file' : 'files'} not indexed
          </summary>
          {unindexed === null ? (
            <p className="muted">Loading…</p>
          ) : (
            <ul data-testid="folder-unindexed">
              {unindexed.map((f) => (
                <li key={f.path} className={f.status}>
                  <code>{f.path}</code> — {f.status === 'failed' ? 'failed' : 'skipped'}
                  {f.reason ? `: ${f.reason}` : ''}
                </li>
              ))}
            </ul>
          )}
        </details>
      ) : null}
    </li>
  );
}
