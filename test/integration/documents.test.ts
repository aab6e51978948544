import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleText, xquadArticles } from '../helpers/real-data';
import { startTestServer, waitForJob, type TestServer } from '../helpers/test-server';

interface Doc {
  document_id: string;
  title: string;
  chunk_count: number;
  fact_count: number;
}

describe('document library and deletion', () => {
  let server: TestServer;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer();
    for (const title of ['Oxygen', 'Black_Death', 'Rhine']) {
      const article = xquadArticles().find((a) => a.title === title)!;
      const { body } = await server.json<{ job_id: string }>('POST', '/insert', { body: { content: articleText(article), title } });
      const last = (await waitForJob(server, body.job_id)).at(-1) as { data: { document_id: string } };
      ids[title] = last.data.document_id;
    }
  });
  afterAll(() => server.close());

  const db = () => {
    const account = readdirSync(join(server.dataDir, 'accounts'))[0] ?? '';
    const handle = new Database(join(server.dataDir, 'accounts', account, 'kb.sqlite'), { readonly: true });
    sqliteVec.load(handle);
    return handle;
  };

  it('lists documents newest first with paging', async () => {
    const all = await server.json<{ documents: Doc[]; total: number; limit: number; offset: number }>('GET', '/documents');
    expect(all.body.total).toBe(3);
    expect(all.body.documents.map((d) => d.title)).toEqual(['Rhine', 'Black_Death', 'Oxygen']);
    const page = await server.json<{ documents: Doc[] }>('GET', '/documents?limit=1&offset=1');
    expect(page.body.documents.map((d) => d.title)).toEqual(['Black_Death']);
    expect((await server.json('GET', '/documents?limit=0')).status).toBe(400);
  });

  it('returns a chunk with its document and character offsets', async () => {
    const q = await server.json<{ chunks: { chunk_id: string }[] }>('POST', '/query', { body: { query: 'When did Carl Wilhelm Scheele discover oxygen?' } });
    const chunk = await server.json<{ chunk_id: string; document_id: string; title: string; text: string; start: number; end: number; page: null }>(
      'GET',
      `/chunks/${q.body.chunks[0]?.chunk_id}`,
    );
    expect(chunk.body.title).toBe('Oxygen');
    const original = articleText(xquadArticles().find((a) => a.title === 'Oxygen')!);
    expect(original.slice(chunk.body.start, chunk.body.end)).toBe(chunk.body.text);
    expect(chunk.body.page).toBeNull();
    expect((await server.json('GET', '/chunks/chk_missing')).status).toBe(404);
  });

  it('deletes a document with its chunks, vectors and the facts and entities only it supported', async () => {
    const before = db();
    const onlyRhine = before
      .prepare(
        `SELECT e.id FROM entities e JOIN chunk_mentions m ON m.entity = e.n JOIN chunks c ON c.rowid = m.chunk GROUP BY e.id
         HAVING min(c.document_id) = ? AND max(c.document_id) = ?`,
      )
      .all(ids.Rhine, ids.Rhine) as { id: string }[];
    const shared = before
      .prepare(
        `SELECT e.id, e.n FROM entities e JOIN chunk_mentions m ON m.entity = e.n JOIN chunks c ON c.rowid = m.chunk GROUP BY e.id
         HAVING sum(c.document_id = ?) > 0 AND sum(c.document_id != ?) > 0`,
      )
      .all(ids.Rhine, ids.Rhine) as { id: string; n: number }[];
    before.close();
    expect(onlyRhine.length).toBeGreaterThan(0);

    const asked = await server.json<{ sources: { title: string }[] }>('POST', '/query', { body: { query: 'Where does the Rhine flow?' } });
    expect(asked.body.sources[0]?.title).toBe('Rhine');

    const del = await server.json<{ success: boolean }>('DELETE', `/documents/${ids.Rhine}`);
    expect(del.body.success).toBe(true);
    expect((await server.json('GET', `/documents/${ids.Rhine}`)).status).toBe(404);
    expect((await server.json('DELETE', `/documents/${ids.Rhine}`)).status).toBe(404);

    const after = db();
    const count = (sql: string, ...args: unknown[]) => (after.prepare(sql).get(...args) as { n: number }).n;
    expect(count('SELECT count(*) AS n FROM chunks WHERE document_id = ?', ids.Rhine)).toBe(0);
    expect(count('SELECT count(*) AS n FROM facts WHERE document_id = ?', ids.Rhine)).toBe(0);
    // Every mention points at a chunk and an entity that still exist.
    expect(count('SELECT count(*) AS n FROM chunk_mentions m LEFT JOIN chunks c ON c.rowid = m.chunk WHERE c.rowid IS NULL')).toBe(0);
    expect(count('SELECT count(*) AS n FROM chunk_mentions m LEFT JOIN entities e ON e.n = m.entity WHERE e.n IS NULL')).toBe(0);
    // The entity → passages index still finds the shared entities' other passages, and none of the deleted ones.
    const sharedHandles = shared.map((e) => String(e.n)).join(' OR ');
    expect(count('SELECT count(*) AS n FROM entity_chunks WHERE entity_chunks MATCH ?', sharedHandles)).toBeGreaterThan(0);
    expect(count('SELECT count(*) AS n FROM entity_chunks f LEFT JOIN chunks c ON c.rowid = f.rowid WHERE entity_chunks MATCH ? AND c.rowid IS NULL', sharedHandles)).toBe(0);
    expect(count('SELECT count(*) AS n FROM vec_index_1')).toBe(count('SELECT count(*) AS n FROM chunks'));
    expect(count("SELECT count(*) AS n FROM chunks_vocab WHERE term = 'rhine'")).toBe(0);
    for (const { id } of onlyRhine) expect(count('SELECT count(*) AS n FROM entities WHERE id = ?', id)).toBe(0);
    for (const { id } of shared) expect(count('SELECT count(*) AS n FROM entities WHERE id = ?', id)).toBe(1);
    // No fact points at an entity that is gone.
    expect(count('SELECT count(*) AS n FROM facts f LEFT JOIN entities e ON e.id = f.object_id WHERE f.object_id IS NOT NULL AND e.id IS NULL')).toBe(0);
    // A finished job keeps its outcome but not its input: the text lives once, in the chunks.
    expect(count("SELECT count(*) AS n FROM jobs WHERE status = 'completed' AND payload != 'null'")).toBe(0);
    expect(after.pragma('integrity_check', { simple: true })).toBe('ok');
    after.close();

    const again = await server.json<{ insufficient_coverage?: boolean; sources: { title: string }[] }>('POST', '/query', {
      body: { query: 'Where does the Rhine flow?' },
    });
    expect(again.body.sources.every((s) => s.title !== 'Rhine')).toBe(true);

    // The in-memory graph followed the delete: no removed entity is left in it, every shared one is.
    const auth = await server.engine.accounts.authenticate(server.ownerKey);
    const graph = (await server.engine.knowledgeBase(auth).loadGraph()).view;
    for (const { id } of onlyRhine) expect(graph.hasNode(id)).toBe(false);
    for (const { id } of shared) expect(graph.hasNode(id)).toBe(true);
  });
});
