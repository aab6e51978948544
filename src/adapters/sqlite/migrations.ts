import type Database from 'better-sqlite3';
import { KbError } from '../../core/errors';

export interface Migration {
  version: number;
  sql: string;
}

/**
 * Applies, in one transaction each, every migration newer than the database's `user_version`.
 * A database from a newer release is refused instead of being silently misread.
 */
export function applyMigrations(db: Database.Database, migrations: Migration[]): void {
  const current = Number(db.pragma('user_version', { simple: true }));
  const latest = migrations.reduce((max, m) => Math.max(max, m.version), 0);
  if (current > latest) {
    throw new KbError('internal', `database schema version ${current} is newer than this release supports (${latest})`);
  }
  const pending = [...migrations].sort((a, b) => a.version - b.version).filter((m) => m.version > current);
  if (pending.length === 0) return;
  // SQLite's way to rebuild a table that others reference: foreign keys off (outside any
  // transaction), rebuild, then prove inside the transaction that every reference still holds.
  const enforced = Number(db.pragma('foreign_keys', { simple: true })) === 1;
  db.pragma('foreign_keys = OFF');
  try {
    for (const migration of pending) {
      db.transaction(() => {
        db.exec(migration.sql);
        const broken = db.pragma('foreign_key_check') as unknown[];
        if (broken.length > 0) throw new KbError('internal', `migration ${migration.version} left ${broken.length} broken references`);
        db.pragma(`user_version = ${migration.version}`);
      })();
    }
  } finally {
    if (enforced) db.pragma('foreign_keys = ON');
  }
}
