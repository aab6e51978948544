import { useCallback, useEffect, useRef, useState } from 'react';
import type { Api } from '../../api/desk-api';
import { ApiError, type Folder } from '../../../../client/index';

/** How often the list is read while a folder is scanning or has files waiting, and otherwise. */
const BUSY_POLL_MS = 1000;
const IDLE_POLL_MS = 5000;

export interface FoldersState {
  folders: Folder[] | null;
  /** The account may not watch folders (only the local owner may). */
  forbidden: boolean;
  error: string | null;
  reload: () => void;
}

const busy = (folders: Folder[]): boolean => folders.some((f) => f.status === 'scanning' || f.files_pending > 0);

/**
 * The watched folders, read again every second while one is at work and every few seconds
 * otherwise (a saved file changes the counts with no action in this window). `onIndexedChange`
 * hears when any folder's indexed files change, so the document list can follow.
 */
export function useFolders(api: Api, onIndexedChange: () => void): FoldersState {
  const [folders, setFolders] = useState<Folder[] | null>(null);
  const [forbidden, setForbidden] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  // null until the first answer: an empty list is a signature too, and a folder added to it a change.
  const signature = useRef<string | null>(null);
  const changed = useRef(onIndexedChange);
  changed.current = onIndexedChange;

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const load = async (): Promise<void> => {
      let next = IDLE_POLL_MS;
      try {
        const list = await api.listFolders();
        if (!live) return;
        setFolders(list);
        setError(null);
        const now = list.map((f) => `${f.folder_id}:${f.files_indexed}:${f.status}`).join('|');
        if (signature.current !== null && now !== signature.current) changed.current();
        signature.current = now;
        if (busy(list)) next = BUSY_POLL_MS;
      } catch (e) {
        if (!live) return;
        if (e instanceof ApiError && e.status === 403) {
          setForbidden(true);
          return;
        }
        setError(e instanceof Error ? e.message : String(e));
      }
      if (live) timer = setTimeout(() => void load(), next);
    };
    void load();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [api, tick]);

  return { folders, forbidden, error, reload: useCallback(() => setTick((t) => t + 1), []) };
}
