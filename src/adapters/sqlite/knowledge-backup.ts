import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { KbError } from '../../core/errors';
import { KNOWLEDGE_MIGRATIONS } from './knowledge-schema';

const SQLITE_HEADER = 'SQLite format 3\u0000';
/** Tables every knowledge base has had since the first schema: a file without them is not a backup. */
const REQUIRED_TABLES = ['jobs', 'documents', 'chunks', 'chunks_fts'];

function refuse(message: string, cause?: unknown): KbError {
  return new KbError('invalid_request', `not a Knowledge Desk backup: ${message}`, { details: [{ field: 'file', problem: message }], ...(cause ? { cause } : {}) });
}

/** Proves the file is an intact knowledge base this release can open (older schemas migrate on open). */
function checkBackup(file: string): void {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw refuse('the file cannot be opened as SQLite', error);
  }
  try {
    const version = Number(db.pragma('user_version', { simple: true }));
    const latest = Math.max(...KNOWLEDGE_MIGRATIONS.map((m) => m.version));
    if (version < 1 || version > latest) throw refuse(`schema version ${version} (this release reads 1 to ${latest})`);
    const names = new Set((db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name));
    const missing = REQUIRED_TABLES.filter((t) => !names.has(t));
    if (missing.length > 0) throw refuse(`tables missing: ${missing.join(', ')}`);
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw refuse(`the database is damaged (${String(check)})`);
  } catch (error) {
    if (error instanceof KbError) throw error;
    throw refuse('the file is damaged or not a database', error);
  } finally {
    db.close();
  }
}

/**
 * Puts a backup in place of `<dir>/kb.sqlite` while no connection has it open: written beside it,
 * checked, then renamed over it, so a refused or interrupted restore leaves the old file whole.
 */
export function restoreKnowledgeFile(dir: string, bytes: Uint8Array): void {
  if (bytes.byteLength < 100 || Buffer.from(bytes.subarray(0, 16)).toString('latin1') !== SQLITE_HEADER) {
    throw refuse('the file does not start with the SQLite header');
  }
  const target = join(dir, 'kb.sqlite');
  const staged = `${target}.restore-${randomBytes(6).toString('hex')}`;
  writeFileSync(staged, bytes, { mode: 0o600 });
  try {
    checkBackup(staged);
    // The old WAL belongs to the old file: replaying it onto the restored one would corrupt it.
    for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
    renameSync(staged, target);
  } finally {
    rmSync(staged, { force: true });
  }
}
