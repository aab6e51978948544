import { Worker } from 'node:worker_threads';
import type { WorkerScript } from '../workers/worker-extractor';
import { WAL_AUTOCHECKPOINT_PAGES, type Db } from './open-database';

export type CheckpointRequest = { watch: string } | { unwatch: string };
export type CheckpointReply = { unwatched: string } | { failed: string; error: string };

/** How far a watched database's own commits let its log grow: only a worker that fell far behind lets it get there. */
const BACKSTOP_PAGES = 40_000;

export interface WalCheckpointer {
  /** From now on `db`'s log is checkpointed on the worker's thread rather than inside `db`'s commits. */
  watch(db: Db): void;
  /** Back to checkpoints in `db`'s own commits; resolves once the worker has let go of the file. */
  unwatch(db: Db): Promise<void>;
}

/**
 * Checkpoints on a thread of their own (checkpoint-worker.ts), one worker for every database watched. A
 * database whose worker fails, or stops, checkpoints in its own commits again, as before.
 */
export function createWalCheckpointer(script: WorkerScript): WalCheckpointer {
  let worker: Worker | null = null;
  const watched = new Map<string, Db>();
  const letGo = new Map<string, () => void>();

  const onOwnThread = (file: string): void => {
    const db = watched.get(file);
    watched.delete(file);
    if (db?.open) db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
  };

  const start = (): Worker => {
    const started = new Worker(script.url, { workerData: script.workerData });
    // Never what keeps the process alive: a store's close lets go of its file first.
    started.unref();
    started.on('message', (reply: CheckpointReply) => {
      if ('failed' in reply) return onOwnThread(reply.failed);
      letGo.get(reply.unwatched)?.();
      letGo.delete(reply.unwatched);
    });
    const lost = (): void => {
      if (worker !== started) return;
      worker = null;
      for (const file of [...watched.keys()]) onOwnThread(file);
      for (const done of letGo.values()) done();
      letGo.clear();
    };
    started.on('error', lost);
    started.on('exit', lost);
    return started;
  };

  return {
    watch(db) {
      worker ??= start();
      watched.set(db.name, db);
      db.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
      worker.postMessage({ watch: db.name } satisfies CheckpointRequest);
    },
    async unwatch(db) {
      const current = worker;
      if (!watched.has(db.name) || !current) return;
      onOwnThread(db.name);
      await new Promise<void>((resolve) => {
        letGo.set(db.name, resolve);
        current.postMessage({ unwatch: db.name } satisfies CheckpointRequest);
      });
      if (watched.size === 0 && worker === current) {
        worker = null;
        await current.terminate();
      }
    },
  };
}
