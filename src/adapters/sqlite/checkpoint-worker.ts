import Database from 'better-sqlite3';
import { statSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import type { CheckpointReply, CheckpointRequest } from './wal-checkpointer';

/**
 * Worker-thread entry: folds each watched database's write-ahead log back into the database, so
 * that the connection writing it never stalls a commit for the copy (tens of milliseconds every few
 * megabytes during an ingest, on the thread that also answers the API).
 */
const CHECK_EVERY_MS = 1000;
const watched = new Map<string, { db: Database.Database; walTime: number }>();
const reply = (message: CheckpointReply): void => parentPort?.postMessage(message);

parentPort?.on('message', (request: CheckpointRequest) => {
  if ('watch' in request) {
    if (watched.has(request.watch)) return;
    try {
      // No schema change, no extension: a checkpoint copies pages and never reads a table.
      watched.set(request.watch, { db: new Database(request.watch, { fileMustExist: true }), walTime: 0 });
    } catch (error) {
      reply({ failed: request.watch, error: String(error) });
    }
    return;
  }
  watched.get(request.unwatch)?.db.close();
  watched.delete(request.unwatch);
  reply({ unwatched: request.unwatch });
});

setInterval(() => {
  for (const [file, entry] of watched) {
    // The log's time moves with every commit: a quiet database is not even opened for a look.
    const walTime = statSync(`${file}-wal`, { throwIfNoEntry: false })?.mtimeMs;
    if (walTime === undefined || walTime === entry.walTime) continue;
    entry.walTime = walTime;
    try {
      // PASSIVE never waits for a reader or the writer: what cannot be copied now is copied next time.
      entry.db.pragma('wal_checkpoint(PASSIVE)');
    } catch (error) {
      entry.db.close();
      watched.delete(file);
      reply({ failed: file, error: String(error) });
    }
  }
}, CHECK_EVERY_MS);
