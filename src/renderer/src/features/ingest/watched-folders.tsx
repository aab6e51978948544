import { useState } from 'react';
import { folderPicker } from '../../api/connection';
import type { Api } from '../../api/desk-api';
import { FolderRow } from './folder-row';
import { useFolders } from './use-folders';

/**
 * Folders on this computer that the knowledge base follows: added with the system's picker in the
 * desktop window, or by path in a browser tab. Only the account that runs the server may.
 */
export function WatchedFolders(props: { api: Api; notify: (m: string) => void; onIndexedChange: () => void }): React.JSX.Element {
  const { folders, forbidden, error, reload } = useFolders(props.api, props.onIndexedChange);
  const [path, setPath] = useState('');
  const [adding, setAdding] = useState(false);
  const pick = folderPicker();

  const add = async (chosen: string): Promise<void> => {
    if (!chosen.trim()) return;
    setAdding(true);
    try {
      const { folder } = await props.api.addFolder({ path: chosen.trim() });
      props.notify(`Watching ${folder.path}`);
      setPath('');
    } catch (e) {
      props.notify(e instanceof Error ? e.message : String(e));
    }
    setAdding(false);
    reload();
  };

  return (
    <section aria-labelledby="folders-title" style={{ marginBottom: 28 }} data-testid="watched-folders">
      <h2 id="folders-title" style={{ fontSize: 15, margin: '0 0 6px' }}>
        Watched folders
      </h2>
      {forbidden ? (
        <p className="muted" data-testid="folders-forbidden">
          Only the account that runs this server can watch folders on its disk. Add files here by dropping or choosing them.
        </p>
      ) : (
        <>
          <p className="muted" style={{ margin: '0 0 10px' }}>
            Every supported file in a watched folder becomes a document and follows the file: edits, renames and deletions.
          </p>
          {pick ? (
            <button
              type="button"
              className="btn primary"
              disabled={adding}
              onClick={() =>
                void pick().then(
                  async (chosen) => {
                    if (chosen) await add(chosen);
                  },
                  (e: unknown) => props.notify(String(e)),
                )
              }
            >
              Watch a folder…
            </button>
          ) : (
            <form
              className="row"
              onSubmit={(e) => {
                e.preventDefault();
                void add(path);
              }}
            >
              <label htmlFor="folder-path" className="visually-hidden">
                Folder path
              </label>
              <input id="folder-path" className="input grow" value={path} onChange={(e) => setPath(e.target.value)} placeholder="Absolute path of a folder on this computer, e.g. /home/me/notes" />
              <button type="submit" className="btn primary" disabled={adding || !path.trim()} style={{ whiteSpace: 'nowrap' }}>
                Watch folder
              </button>
            </form>
          )}
          {error ? <p className="error-text">{error}</p> : null}
          {folders && folders.length > 0 ? (
            <ul className="folders" data-testid="folders">
              {folders.map((f) => (
                <FolderRow key={f.folder_id} api={props.api} folder={f} onChanged={reload} notify={props.notify} />
              ))}
            </ul>
          ) : null}
        </>
      )}
    </section>
  );
}
