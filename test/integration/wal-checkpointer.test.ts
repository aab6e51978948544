import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, WAL_AUTOCHECKPOINT_PAGES, type Db } from '../../src/adapters/sqlite/open-database';
import { createSqliteKnowledgeStore } from '../../src/adapters/sqlite/knowledge-store';
import { createWalCheckpointer } from '../../src/adapters/sqlite/wal-checkpointer';
import { tsxWorker } from '../helpers/test-server';

const dir = mkdtempSync(join(tmpdir(), 'kb-checkpoint-'));
const worker = tsxWorker('../../src/adapters/sqlite/checkpoint-worker.ts');
const TABLE = [{ version: 1, sql: 'CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)' }];

/** Commits of about 1 MB each, as an ingest writes them. */
function writeMegabytes(db: Db, megabytes: number): void {
  const insert = db.prepare('INSERT INTO notes (body) VALUES (?)');
  const body = 'a note on the lease and its deposit '.repeat(28);
  for (let m = 0; m < megabytes; m++) db.transaction(() => { for (let i = 0; i < 1000; i++) insert.run(body); })();
}

async function until(check: () => boolean, ms = 8000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (check()) return true;
  return check();
}

describe('write-ahead log checkpoints on a thread of their own', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('folds the log into the database while the writing connection never checkpoints in a commit', async () => {
    const file = join(dir, 'watched.sqlite');
    const db = openDatabase(file, TABLE);
    const checkpointer = createWalCheckpointer(worker);
    checkpointer.watch(db);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBeGreaterThan(WAL_AUTOCHECKPOINT_PAGES);
    const before = statSync(file).size;
    writeMegabytes(db, 6);
    // In WAL mode the database file itself grows only by checkpoints; this connection's own would
    // start at its backstop, far beyond 6 MB, so the copy is the worker's.
    expect(statSync(file).size).toBe(before);
    expect(await until(() => statSync(file).size > before + 5e6)).toBe(true);
    await checkpointer.unwatch(db);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(WAL_AUTOCHECKPOINT_PAGES);
    expect(db.prepare('SELECT count(*) AS n FROM notes').get()).toEqual({ n: 6000 });
    db.close();
  });

  it('lets a knowledge base close into one self-contained file and open again', async () => {
    const checkpointer = createWalCheckpointer(worker);
    const kbDir = join(dir, 'kb');
    const store = createSqliteKnowledgeStore(kbDir, checkpointer);
    expect(await store.listDocuments({ limit: 10, offset: 0 })).toMatchObject({ total: 0 });
    await store.close();
    expect(existsSync(join(kbDir, 'kb.sqlite-wal')) ? statSync(join(kbDir, 'kb.sqlite-wal')).size : 0).toBe(0);
    const again = createSqliteKnowledgeStore(kbDir, checkpointer);
    expect(await again.listDocuments({ limit: 10, offset: 0 })).toMatchObject({ total: 0 });
    await again.close();
  });

  it('checkpoints in the commits again when its worker stops (a stand-in worker that exits at once)', async () => {
    const file = join(dir, 'orphan.sqlite');
    const db = openDatabase(file, TABLE);
    const checkpointer = createWalCheckpointer({ url: new URL('data:text/javascript,process.exit(3)') });
    checkpointer.watch(db);
    expect(await until(() => db.pragma('wal_autocheckpoint', { simple: true }) === WAL_AUTOCHECKPOINT_PAGES)).toBe(true);
    const before = statSync(file).size;
    writeMegabytes(db, 40);
    expect(statSync(file).size).toBeGreaterThan(before);
    await checkpointer.unwatch(db);
    db.close();
  });
});
