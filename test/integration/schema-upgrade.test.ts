import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as sqliteVec from 'sqlite-vec';
import { afterEach, describe, expect, it } from 'vitest';
import { KNOWLEDGE_MIGRATIONS } from '../../src/adapters/sqlite/knowledge-schema';
import { applyMigrations } from '../../src/adapters/sqlite/migrations';
import { createSqliteKnowledgeStore } from '../../src/adapters/sqlite/knowledge-store';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A knowledge base as schema version 2 wrote it: text-keyed mentions and stored co-occurrence facts. */
function versionTwoDatabase(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kb-upgrade-'));
  dirs.push(dir);
  const db = new Database(join(dir, 'kb.sqlite'));
  sqliteVec.load(db);
  db.pragma('foreign_keys = ON');
  applyMigrations(db, KNOWLEDGE_MIGRATIONS.filter((m) => m.version <= 2));
  const now = '2026-01-01T00:00:00.000Z';
  db.prepare(
    `INSERT INTO documents (id, title, tags, metadata, source, mime_type, byte_size, char_count, chunk_count, fact_count, state, created_at)
     VALUES ('doc_1', 'Curie', '[]', '{}', 'insert', 'text/plain', 80, 80, 1, 2, 'ready', ?)`,
  ).run(now);
  db.prepare(`INSERT INTO chunks (id, document_id, ordinal, text, start, "end") VALUES ('chk_1', 'doc_1', 0, 'Marie Curie was born in Warsaw. Pierre Curie and Warsaw.', 0, 57)`).run();
  db.prepare("INSERT INTO chunks_fts (rowid, terms) VALUES (1, 'mari curi born warsaw pierr curi warsaw')").run();
  for (const [id, key, name, type] of [
    ['ent_marie', 'marie curie', 'Marie Curie', 'person'],
    ['ent_warsaw', 'warsaw', 'Warsaw', 'place'],
    ['ent_pierre', 'pierre curie', 'Pierre Curie', 'person'],
  ]) {
    db.prepare('INSERT INTO entities (id, key, name, type, created_at) VALUES (?, ?, ?, ?, ?)').run(id, key, name, type, now);
    db.prepare("INSERT INTO entity_mentions (entity_id, chunk_id, document_id, count) VALUES (?, 'chk_1', 'doc_1', ?)").run(id, id === 'ent_warsaw' ? 2 : 1);
  }
  const fact = db.prepare(
    `INSERT INTO facts (id, subject_id, predicate, kind, object_id, value, confidence, document_id, chunk_id, sentence_start, sentence_end)
     VALUES (?, ?, ?, 'relationship', ?, NULL, ?, 'doc_1', 'chk_1', 0, 31)`,
  );
  fact.run('fact_born', 'ent_marie', 'born in', 'ent_warsaw', 0.8);
  fact.run('fact_weak', 'ent_pierre', 'co-occurs with', 'ent_warsaw', 0.25);
  db.close();
  return dir;
}

describe('schema upgrade', () => {
  it('moves a version 2 knowledge base forward without losing a document, entity, mention or real fact', async () => {
    const dir = versionTwoDatabase();
    const store = createSqliteKnowledgeStore(dir);

    expect((await store.getDocument('doc_1'))?.factCount).toBe(1);
    expect((await store.allEntities()).map((e) => e.name).sort()).toEqual(['Marie Curie', 'Pierre Curie', 'Warsaw']);
    // The mention index still finds the passage, weighted by mention counts.
    expect(await store.chunksMentioning(['ent_warsaw', 'ent_marie'], 10, null)).toEqual([{ chunkId: 'chk_1', score: 3 }]);
    expect((await store.coMentioned(['ent_marie'], 10, null)).map((e) => e.entityId).sort()).toEqual(['ent_pierre', 'ent_warsaw']);
    // Co-occurrence edges are gone; the stated relationship is kept.
    expect((await store.allRelationships()).map((f) => f.id)).toEqual(['fact_born']);
    expect((await store.searchText(['warsaw'], 10, null)).map((r) => r.chunkId)).toEqual(['chk_1']);

    // Deleting the document after the upgrade removes everything it brought.
    expect((await store.deleteDocument('doc_1'))?.entityIds.sort()).toEqual(['ent_marie', 'ent_pierre', 'ent_warsaw']);
    await store.close();

    const db = new Database(join(dir, 'kb.sqlite'));
    expect(db.pragma('user_version', { simple: true })).toBe(KNOWLEDGE_MIGRATIONS.at(-1)?.version);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.prepare('SELECT count(*) AS n FROM entity_mentions').get()).toEqual({ n: 0 });
    db.close();
  });
});
