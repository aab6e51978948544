import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KNOWLEDGE_MIGRATIONS } from '../../src/adapters/sqlite/knowledge-schema';
import { createSqliteKnowledgeStore } from '../../src/adapters/sqlite/knowledge-store';
import { openAtSchemaVersion } from '../helpers/old-schema';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kb-upgrade-'));
  dirs.push(dir);
  return dir;
}

/** A knowledge base as schema version 2 wrote it: text-keyed mentions and stored co-occurrence facts. */
function versionTwoDatabase(): string {
  const dir = freshDir();
  const db = openAtSchemaVersion(join(dir, 'kb.sqlite'), 2);
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

/** A knowledge base as schema version 3 wrote it: integer-keyed mentions, no merge history. */
function versionThreeDatabase(): string {
  const dir = freshDir();
  const db = openAtSchemaVersion(join(dir, 'kb.sqlite'), 3);
  const now = '2026-01-01T00:00:00.000Z';
  db.prepare(
    `INSERT INTO documents (id, title, tags, metadata, source, mime_type, byte_size, char_count, chunk_count, fact_count, state, created_at)
     VALUES ('doc_1', 'Mainframes', '[]', '{}', 'insert', 'text/plain', 40, 40, 1, 1, 'ready', ?)`,
  ).run(now);
  db.prepare(`INSERT INTO chunks (rowid, id, document_id, ordinal, text, start, "end") VALUES (1, 'chk_1', 'doc_1', 0, 'IBM sold computers to Citibank.', 0, 31)`).run();
  db.prepare("INSERT INTO chunks_fts (rowid, terms) VALUES (1, 'ibm sold comput citibank')").run();
  db.prepare("INSERT INTO entities (n, id, key, name, type, created_at) VALUES (1, 'ent_ibm', 'ibm', 'IBM', 'organization', ?), (2, 'ent_citi', 'citibank', 'Citibank', 'other', ?)").run(now, now);
  db.prepare('INSERT INTO entity_mentions (entity, chunk, count) VALUES (1, 1, 1), (2, 1, 1)').run();
  db.prepare(
    `INSERT INTO facts (id, subject_id, predicate, kind, object_id, value, confidence, document_id, chunk_id, sentence_start, sentence_end)
     VALUES ('fact_sold', 'ent_ibm', 'sold computers to', 'relationship', 'ent_citi', NULL, 0.7, 'doc_1', 'chk_1', 0, 31)`,
  ).run();
  db.close();
  return dir;
}

describe('schema upgrade', () => {
  it('opens a version 3 knowledge base with an empty merge history that a new document then fills', async () => {
    const dir = versionThreeDatabase();
    const store = createSqliteKnowledgeStore(dir);
    expect((await store.allEntities()).map((e) => e.name).sort()).toEqual(['Citibank', 'IBM']);
    expect(await store.entityResolution('ent_ibm')).toEqual({ canonicalId: 'ent_ibm', members: [], history: [] });
    expect((await store.findEntitiesByKeys(['ibm'])).map((e) => e.id)).toEqual(['ent_ibm']);
    // Its mentions moved into the mention index of version 5, found from either side.
    expect(await store.chunksMentioning(['ent_citi'], 10, null)).toEqual([{ chunkId: 'chk_1', score: 1 }]);
    expect((await store.coMentioned(['ent_citi'], 10, null)).map((e) => e.entityId)).toEqual(['ent_ibm']);

    // A document written after the upgrade defines the acronym: the old "IBM" now counts for its entity.
    const now = '2026-02-01T00:00:00.000Z';
    await store.beginDocument({
      id: 'doc_2', title: 'IBM history', tags: [], metadata: {}, source: 'insert', mimeType: 'text/plain', byteSize: 60, charCount: 60,
      chunkCount: 0, factCount: 0, state: 'indexing', memory: true, uploadId: null, createdAt: now,
    });
    const text = 'International Business Machines (IBM) was founded in 1911.';
    const span = { start: 0, end: text.length };
    const written = await store.writeChunkBatch('doc_2', null, [
      {
        chunk: { id: 'chk_2', documentId: 'doc_2', ordinal: 0, text, start: 0, end: text.length, page: null, section: null, row: null },
        vector: null,
        terms: ['intern', 'busi', 'machin', 'ibm'],
        entities: [{ name: 'International Business Machines', type: 'organization', key: 'international business machines', mentions: [span] }],
        facts: [{ subjectKey: 'international business machines', predicate: 'also known as', kind: 'attribute', objectKey: null, value: 'IBM', confidence: 0.9, sentence: span }],
        aliases: [{ key: 'ibm', alias: 'IBM', targetKey: 'international business machines', reason: 'acronym' }],
      },
    ]);
    await store.finishDocument('doc_2', { chunkCount: 1, factCount: 1 });
    expect(written.remapped).toEqual(['ent_ibm']);
    const [full] = await store.findEntitiesByKeys(['ibm']);
    expect(full?.name).toBe('International Business Machines');
    expect((await store.entityResolution('ent_ibm'))?.canonicalId).toBe(full?.id);
    expect((await store.factsOfEntities([full!.id], 10)).map((f) => [f.id, f.subjectId])).toContainEqual(['fact_sold', full!.id]);

    // Deleting that document undoes the merge; the old entity is itself again.
    expect((await store.deleteDocument('doc_2'))?.remapped).toEqual(['ent_ibm']);
    expect((await store.findEntitiesByKeys(['ibm'])).map((e) => e.id)).toEqual(['ent_ibm']);
    await store.close();

    const db = new Database(join(dir, 'kb.sqlite'));
    expect(db.pragma('user_version', { simple: true })).toBe(KNOWLEDGE_MIGRATIONS.at(-1)?.version);
    expect(db.prepare('SELECT count(*) AS n FROM entity_aliases').get()).toEqual({ n: 0 });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  });

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
    expect(db.prepare('SELECT count(*) AS n FROM chunk_mentions').get()).toEqual({ n: 0 });
    expect(db.prepare("SELECT count(*) AS n FROM entity_chunks WHERE entity_chunks MATCH '1 OR 2 OR 3'").get()).toEqual({ n: 0 });
    db.close();
  });
  it('gives a version 6 knowledge base the passage counts of the graph explorer, read from its mention index', async () => {
    const dir = freshDir();
    const db = openAtSchemaVersion(join(dir, 'kb.sqlite'), 6);
    const now = '2026-01-01T00:00:00.000Z';
    db.prepare(
      `INSERT INTO documents (id, title, tags, metadata, source, mime_type, byte_size, char_count, chunk_count, fact_count, state, created_at)
       VALUES ('doc_1', 'Engines', '[]', '{}', 'insert', 'text/plain', 90, 90, 2, 0, 'ready', ?)`,
    ).run(now);
    db.prepare(`INSERT INTO chunks (rowid, id, document_id, ordinal, text, start, "end") VALUES (1, 'chk_1', 'doc_1', 0, 'Ada Lovelace wrote to Charles Babbage.', 0, 38)`).run();
    db.prepare(`INSERT INTO chunks (rowid, id, document_id, ordinal, text, start, "end") VALUES (2, 'chk_2', 'doc_1', 1, 'Ada Lovelace lived in London.', 39, 68)`).run();
    db.prepare("INSERT INTO entities (n, id, key, name, type, created_at) VALUES (1, 'ent_ada', 'ada lovelace', 'Ada Lovelace', 'person', ?), (2, 'ent_babbage', 'charles babbage', 'Charles Babbage', 'person', ?), (3, 'ent_london', 'london', 'London', 'place', ?)").run(now, now, now);
    db.prepare('INSERT INTO chunk_mentions (chunk, entity, count) VALUES (1, 1, 1), (1, 2, 1), (2, 1, 1), (2, 3, 1)').run();
    db.prepare("INSERT INTO entity_chunks (rowid, entities) VALUES (1, '1 2'), (2, '1 3')").run();
    db.close();

    const store = createSqliteKnowledgeStore(dir);
    const counted = await store.mentionCounts(['ent_ada', 'ent_babbage']);
    expect(counted.passages).toBe(2);
    expect([...counted.counts]).toEqual([['ent_ada', 2], ['ent_babbage', 1]]);
    expect((await store.mostMentioned(1, []))).toEqual([{ entityId: 'ent_ada', passages: 2 }]);
    expect(await store.passagesMentioningBoth('ent_ada', 'ent_london', 10)).toEqual({ chunkIds: ['chk_2'], total: 1 });
    // Deleting the document counts its passages out.
    await store.deleteDocument('doc_1');
    expect([...(await store.mentionCounts(['ent_ada'])).counts]).toEqual([]);
    expect(await store.mostMentioned(5, [])).toEqual([]);
    await store.close();
  });
});
