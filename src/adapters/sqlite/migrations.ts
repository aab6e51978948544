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
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
}
