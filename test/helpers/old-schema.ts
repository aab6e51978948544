import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { KNOWLEDGE_MIGRATIONS } from '../../src/adapters/sqlite/knowledge-schema';
import { applyMigrations } from '../../src/adapters/sqlite/migrations';

/** An empty knowledge base at an older schema version, for an upgrade test to fill as that version wrote it. */
export function openAtSchemaVersion(file: string, version: number): Database.Database {
  const db = new Database(file);
  sqliteVec.load(db);
  db.pragma('foreign_keys = ON');
  applyMigrations(db, KNOWLEDGE_MIGRATIONS.filter((m) => m.version <= version));
  return db;
}
