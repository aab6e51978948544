import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KNOWLEDGE_MIGRATIONS } from '../../src/adapters/sqlite/knowledge-schema';
import { openAtSchemaVersion } from '../helpers/old-schema';
import { api, newDataDir, removeDataDir, startServerProcess } from './server-process';
import { inspectStore } from './store-invariants';
import { recordFigures } from './summary';

const dataDir = newDataDir();
afterAll(() => removeDataDir(dataDir, 'upgrade'));

const NOW = '2025-06-01T00:00:00.000Z';
const TEXT = 'Marie Curie was born in Warsaw in 1867. She discovered polonium with Pierre Curie in Paris.';

/**
 * A knowledge base exactly as the first released schema (version 1) wrote it: one ready document
 * with its chunk, terms, entities, text-keyed mentions and facts, one finished job and one still
 * pending (as a crash would have left it).
 */
function writeVersionOne(file: string): void {
  rmSync(file, { force: true });
  for (const suffix of ['-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  const db = openAtSchemaVersion(file, 1);
  const job = db.prepare(
    `INSERT INTO jobs (id, kind, status, progress, message, payload, document_id, data, error_details, created_at, updated_at)
     VALUES (?, 'insert', ?, ?, ?, ?, ?, ?, NULL, ?, ?)`,
  );
  job.run('job_v1done', 'completed', 1, 'Completed', JSON.stringify({ content: TEXT, title: 'Curie', tags: ['science'], metadata: {} }), 'doc_v1', JSON.stringify({ facts_extracted: 2, chunks_created: 1, document_id: 'doc_v1' }), NOW, NOW);
  job.run('job_v1pending', 'pending', 0, 'Queued', JSON.stringify({ content: 'Ada Lovelace wrote the first published algorithm for the Analytical Engine.', title: 'Ada', tags: [], metadata: {} }), null, null, NOW, NOW);
  db.prepare(
    `INSERT INTO documents (id, title, tags, metadata, source, mime_type, byte_size, char_count, chunk_count, fact_count, state, created_at)
     VALUES ('doc_v1', 'Curie', '["science"]', '{}', 'insert', 'text/plain', ?, ?, 1, 2, 'ready', ?)`,
  ).run(TEXT.length, TEXT.length, NOW);
  db.prepare(`INSERT INTO chunks (id, document_id, ordinal, text, start, "end") VALUES ('chk_v1', 'doc_v1', 0, ?, 0, ?)`).run(TEXT, TEXT.length);
  db.prepare("INSERT INTO chunks_fts (rowid, terms) VALUES (1, 'mari curi born warsaw 1867 discov polonium pierr curi pari')").run();
  for (const [id, key, name, type] of [
    ['ent_v1marie', 'marie curie', 'Marie Curie', 'person'],
    ['ent_v1warsaw', 'warsaw', 'Warsaw', 'place'],
    ['ent_v1pierre', 'pierre curie', 'Pierre Curie', 'person'],
  ]) {
    db.prepare('INSERT INTO entities (id, key, name, type, created_at) VALUES (?, ?, ?, ?, ?)').run(id, key, name, type, NOW);
    db.prepare("INSERT INTO entity_mentions (entity_id, chunk_id, document_id, count) VALUES (?, 'chk_v1', 'doc_v1', 1)").run(id);
  }
  const fact = db.prepare(
    `INSERT INTO facts (id, subject_id, predicate, kind, object_id, value, confidence, document_id, chunk_id, sentence_start, sentence_end)
     VALUES (?, 'ent_v1marie', ?, 'relationship', ?, NULL, 0.8, 'doc_v1', 'chk_v1', 0, 39)`,
  );
  fact.run('fact_v1born', 'born in', 'ent_v1warsaw');
  fact.run('fact_v1with', 'discovered polonium with', 'ent_v1pierre');
  db.close();
}

describe('upgrade safety', () => {
  it('starts the real server on a knowledge base made by the first released schema and keeps everything', async () => {
    // The server makes the system database and the owner account; its knowledge base is then swapped for a version 1 one.
    const first = await startServerProcess(dataDir);
    await first.kill('SIGTERM');
    const system = new Database(join(dataDir, 'system.sqlite'), { readonly: true });
    const { id } = system.prepare("SELECT id FROM accounts WHERE plan = 'local'").get() as { id: string };
    system.close();
    const file = join(dataDir, 'accounts', id, 'kb.sqlite');
    writeVersionOne(file);

    const server = await startServerProcess(dataDir);
    try {
      const doc = await api<{ title: string; tags: string[] }>(server, 'GET', '/documents/doc_v1');
      expect(doc.status).toBe(200);
      expect(doc.body).toMatchObject({ title: 'Curie', tags: ['science'] });
      const answer = await api<{ sources: { chunk_id: string }[]; insufficient_coverage?: boolean }>(server, 'POST', '/query', { query: 'Where was Marie Curie born?' });
      expect(answer.body.insufficient_coverage).not.toBe(true);
      expect(answer.body.sources.map((s) => s.chunk_id)).toContain('chk_v1');
      const entity = await api<{ facts: { predicate: string }[] }>(server, 'GET', '/graph/entities/ent_v1marie');
      expect(entity.status).toBe(200);
      expect(entity.body.facts.map((f) => f.predicate).sort()).toEqual(['born in', 'discovered polonium with']);
      // The job a version 1 server left pending runs to the end on the new one.
      let pending = '';
      for (let i = 0; i < 100 && pending !== 'completed'; i++) {
        pending = (await api<{ status: string }>(server, 'GET', '/job-status/job_v1pending')).body.status;
        if (pending !== 'completed') await new Promise((r) => setTimeout(r, 200));
      }
      expect(pending).toBe('completed');
      expect((await api<{ status: string }>(server, 'GET', '/job-status/job_v1done')).body.status).toBe('completed');
      const report = inspectStore(dataDir);
      expect(report.integrity).toBe('ok');
      expect(report.ready).toBe(2);
      const db = new Database(file, { readonly: true });
      const version = Number(db.pragma('user_version', { simple: true }));
      db.close();
      expect(version).toBe(Math.max(...KNOWLEDGE_MIGRATIONS.map((m) => m.version)));
      recordFigures('Upgrade safety', { 'schema versions migrated': `1 → ${version}`, 'documents kept': report.ready - 1, 'pending v1 job completed': 'yes' });
    } finally {
      await server.kill('SIGTERM');
    }
  });
});
