import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import * as sqliteVec from 'sqlite-vec';
import { applyMigrations, type Migration } from './migrations';
import { unpackedPath } from './unpacked-path';

export type Db = Database.Database;

/** Checkpoint less often than SQLite's 1,000 pages: ingest commits many batches, and each checkpoint inside a commit stalls it. */
export const WAL_AUTOCHECKPOINT_PAGES = 8000;

/**
 * One connection per database file, in WAL mode so readers never wait for the writer, with
 * sqlite-vec loaded and the schema migrated forward.
 */
export function openDatabase(file: string, migrations: Migration[]): Db {
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // NORMAL is durable across application crashes in WAL mode; only an OS crash can lose the last commit.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('cache_size = -65536');
  db.pragma('temp_store = MEMORY');
  db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
  db.loadExtension(unpackedPath(sqliteVec.getLoadablePath()));
  applyMigrations(db, migrations);
  return db;
}
