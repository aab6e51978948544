import { useCallback, useEffect, useState } from 'react';
import type { Api } from '../../api/desk-api';
import { ApiError, type ModelSetupStatus } from '../../../../client/index';

/** How often setup is read while something downloads, loads or re-indexes. */
const BUSY_POLL_MS = 700;

export interface ModelSetupState {
  status: ModelSetupStatus | null;
  /** Setup belongs to the machine's local owner; other accounts may not see it. */
  forbidden: boolean;
  error: string | null;
  reload(): void;
  pull(model: string): Promise<void>;
  download(model: string): Promise<void>;
  cancel(downloadId: string): Promise<void>;
  /** Puts an installed model to use without downloading anything. */
  use(patch: { answer_model?: string; embedder?: { kind: 'ollama' | 'transformers'; model: string } }): Promise<void>;
}

/** GET /setup/models, polled while a download runs or the index is rebuilt, with the actions that change it. */
export function useModelSetup(api: Api, notify: (message: string) => void): ModelSetupState {
  const [status, setStatus] = useState<ModelSetupStatus | null>(null);
  const [forbidden, setForbidden] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((t) => t + 1), []);

  useEffect(() => {
    let live = true;
    api.modelSetup().then(
      (s) => {
        if (!live) return;
        setStatus(s);
        setError(null);
      },
      (e: unknown) => {
        if (!live) return;
        if (e instanceof ApiError && e.status === 403) setForbidden(true);
        else setError(e instanceof Error ? e.message : String(e));
      },
    );
    return () => {
      live = false;
    };
  }, [api, tick]);

  const busy =
    status !== null &&
    (status.downloads.some((d) => d.state === 'running') || status.embedder.state === 'loading' || status.vector_index.state === 'building');
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(reload, BUSY_POLL_MS);
    return () => clearTimeout(timer);
  }, [busy, status, reload]);

  const act = useCallback(
    async (action: () => Promise<unknown>) => {
      try {
        await action();
      } catch (e) {
        notify(e instanceof Error ? e.message : String(e));
      }
      reload();
    },
    [notify, reload],
  );

  return {
    status,
    forbidden,
    error,
    reload,
    pull: (model) => act(() => api.pullModel(model)),
    download: (model) => act(() => api.downloadModel(model)),
    cancel: (id) => act(() => api.cancelModelDownload(id)),
    use: (patch) => act(() => api.updateModelSettings(patch)),
  };
}
