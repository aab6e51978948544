import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDetailOut, EntityListOut, SubgraphOut } from '../../src/shared/graph-schemas';
import { startTestServer, waitForJob, type TestServer } from '../helpers/test-server';

// Document A defines the acronym; document B only ever says "IBM". A is long enough to be cut
// into several chunks, so its later bare "IBM" and "Watson" are resolved across chunks.
const DEFINES = [
  'International Business Machines (IBM) was founded in 1911 in Armonk. Thomas Watson led International Business Machines for decades.',
  'Watson expanded the company into Europe and Japan during the following years, opening offices in many capitals.',
  'IBM built the System/360 computer in 1964. IBM sold computers to governments. Watson retired in 1956.',
].join('\n\n');
const USES = 'IBM sold mainframe computers to Citibank. Citibank bought computers from IBM in 1970. Watson praised Citibank.';

interface Query {
  metadata: { entities: string[] };
  facts: { subject: string; predicate: string; object: string; source: { document_id: string } }[];
}

describe('entity resolution through the API', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ chunking: { targetChars: 140, overlapChars: 0 } });
  });
  afterAll(() => server.close());

  const insert = async (title: string, content: string): Promise<string> => {
    const { body } = await server.json<{ job_id: string }>('POST', '/insert', { body: { content, title } });
    const last = (await waitForJob(server, body.job_id)).at(-1) as { status: string; data: { document_id: string } };
    expect(last.status).toBe('completed');
    return last.data.document_id;
  };
  const search = async (name: string) =>
    (await server.json<EntityListOut>('GET', `/graph/entities?search=${encodeURIComponent(name)}&limit=50`)).body.entities.filter((e) => e.name === name);
  const detail = async (id: string) => (await server.json<EntityDetailOut>('GET', `/graph/entities/${id}`)).body;
  const ask = async (query: string) => (await server.json<Query>('POST', '/query', { body: { query, query_depth: 'thinking' } })).body;
  const db = () => {
    const account = readdirSync(join(server.dataDir, 'accounts'))[0] ?? '';
    const handle = new Database(join(server.dataDir, 'accounts', account, 'kb.sqlite'), { readonly: true });
    sqliteVec.load(handle);
    return handle;
  };
  const count = (sql: string, ...args: unknown[]): number => {
    const handle = db();
    try {
      return (handle.prepare(sql).get(...args) as { n: number }).n;
    } finally {
      handle.close();
    }
  };

  /** "IBM" is one node with A's "International Business Machines": in search, detail, graph and retrieval. */
  const expectMerged = async (definingDoc: string, usingDoc: string): Promise<string> => {
    expect(await search('IBM')).toEqual([]);
    const [ibm] = await search('International Business Machines');
    expect(ibm).toBeDefined();
    const d = await detail(ibm!.entity_id);
    expect(d.aliases).toContain('IBM');
    expect(d.merge_history).toContainEqual(
      expect.objectContaining({ alias: 'IBM', key: 'ibm', reason: 'acronym', document_id: definingDoc, title: 'IBM history', scope: 'all_documents' }),
    );
    expect(d.merged_entities.map((m) => m.name)).toEqual(['IBM']);
    // B's facts about "IBM" count for the merged entity, and name it.
    const fromB = d.facts.filter((f) => f.source.document_id === usingDoc);
    expect(fromB.length).toBeGreaterThan(0);
    expect(fromB.every((f) => f.subject_id === ibm!.entity_id || f.object_id === ibm!.entity_id)).toBe(true);
    expect(d.sources.map((s) => s.document_id).sort()).toEqual([definingDoc, usingDoc].sort());
    // Asking for B's own "IBM" entity shows the entity it counts for.
    const member = await detail(d.merged_entities[0]!.entity_id);
    expect(member.entity.entity_id).toBe(ibm!.entity_id);
    // The graph draws one node, with Citibank (only B mentions it) as its neighbour.
    const sub = (await server.json<SubgraphOut>('GET', `/graph/subgraph?entity_id=${ibm!.entity_id}&depth=1&limit=100`)).body;
    expect(sub.nodes.map((n) => n.name)).toContain('Citibank');
    expect(sub.nodes.map((n) => n.name)).not.toContain('IBM');
    // A question naming "IBM" starts from the merged entity and reads B's facts about it.
    const q = await ask('Who did IBM sell mainframe computers to?');
    expect(q.metadata.entities).toContain('International Business Machines');
    expect(q.facts.some((f) => f.subject === 'International Business Machines' && f.source.document_id === usingDoc)).toBe(true);
    return ibm!.entity_id;
  };

  /** After the defining document is gone, B's "IBM" is its own entity again, with its own facts. */
  const expectSeparate = async (usingDoc: string): Promise<void> => {
    expect(await search('International Business Machines')).toEqual([]);
    const [ibm] = await search('IBM');
    expect(ibm).toBeDefined();
    const d = await detail(ibm!.entity_id);
    expect(d.aliases).toEqual([]);
    expect(d.merge_history).toEqual([]);
    expect(d.merged_entities).toEqual([]);
    expect(d.facts.length).toBeGreaterThan(0);
    expect(d.facts.every((f) => f.source.document_id === usingDoc)).toBe(true);
    const sub = (await server.json<SubgraphOut>('GET', `/graph/subgraph?entity_id=${ibm!.entity_id}&depth=1&limit=100`)).body;
    expect(sub.nodes.map((n) => n.name)).toContain('Citibank');
    const q = await ask('Who did IBM sell mainframe computers to?');
    expect(q.metadata.entities).toContain('IBM');
    expect(q.metadata.entities).not.toContain('International Business Machines');
  };

  const expectNothingLeftOf = (documentId: string): void => {
    expect(count('SELECT count(*) AS n FROM facts WHERE document_id = ?', documentId)).toBe(0);
    expect(count('SELECT count(*) AS n FROM entity_aliases WHERE document_id = ?', documentId)).toBe(0);
    expect(count('SELECT count(*) AS n FROM chunks WHERE document_id = ?', documentId)).toBe(0);
    expect(count('SELECT count(*) AS n FROM chunk_mentions m LEFT JOIN chunks c ON c.rowid = m.chunk WHERE c.rowid IS NULL')).toBe(0);
    // No entity is left that nothing mentions and no fact names.
    expect(
      count(`SELECT count(*) AS n FROM entities e WHERE NOT EXISTS (SELECT 1 FROM chunk_mentions m WHERE m.entity = e.n)
             AND NOT EXISTS (SELECT 1 FROM facts f WHERE f.subject_id = e.id OR f.object_id = e.id)`),
    ).toBe(0);
    expect(count('SELECT count(*) AS n FROM entity_aliases a LEFT JOIN entities e ON e.n = a.entity WHERE e.n IS NULL')).toBe(0);
  };

  it('merges "IBM" across documents with the name another document defined, in both ingest orders, and deleting the definer undoes it', async () => {
    // Order 1: the definition first.
    const a = await insert('IBM history', DEFINES);
    expect(count('SELECT count(*) AS n FROM chunks WHERE document_id = ?', a)).toBeGreaterThan(1);
    const b = await insert('Mainframe sales', USES);
    await expectMerged(a, b);

    await server.request('DELETE', `/documents/${a}`);
    expectNothingLeftOf(a);
    await expectSeparate(b);

    // Order 2: the definition arrives after "IBM" was stored on its own.
    const again = await insert('IBM history', DEFINES);
    await expectMerged(again, b);
    // The merges are read back from the database at the next start.
    await server.restart();
    await expectMerged(again, b);

    // Deleting the document that only used the acronym leaves the definer intact.
    await server.request('DELETE', `/documents/${b}`);
    expectNothingLeftOf(b);
    const [ibm] = await search('International Business Machines');
    const d = await detail(ibm!.entity_id);
    expect(d.merged_entities).toEqual([]);
    expect(d.merge_history.map((h) => [h.alias, h.document_id, h.scope])).toEqual([['IBM', again, 'all_documents']]);
    expect(d.facts.length).toBeGreaterThan(0);
    expect(d.facts.every((f) => f.source.document_id === again)).toBe(true);
    expect(await search('Citibank')).toEqual([]);
    await server.request('DELETE', `/documents/${again}`);
    expect(count('SELECT count(*) AS n FROM entities')).toBe(0);
    expect(count('SELECT count(*) AS n FROM entity_aliases')).toBe(0);
  });

  it("resolves surnames inside a document only, and records them in the person's merge history", async () => {
    const a = await insert('IBM history', DEFINES);
    const b = await insert('Mainframe sales', USES);
    const [watson] = await search('Thomas Watson');
    const d = await detail(watson!.entity_id);
    // A's later "Watson" became Thomas Watson there, and says so.
    expect(d.merge_history).toEqual([expect.objectContaining({ alias: 'Watson', reason: 'surname', document_id: a, scope: 'document' })]);
    expect(d.facts.some((f) => f.source.document_id === a && f.predicate.startsWith('expanded'))).toBe(true);
    // B's lone "Watson" is not taken for A's Thomas Watson.
    const [lone] = await search('Watson');
    expect(lone).toBeDefined();
    expect(lone!.entity_id).not.toBe(watson!.entity_id);
    expect((await detail(lone!.entity_id)).facts.every((f) => f.source.document_id === b)).toBe(true);
    await server.request('DELETE', `/documents/${a}`);
    expect(await search('Thomas Watson')).toEqual([]);
    expect(count("SELECT count(*) AS n FROM entity_aliases WHERE reason = 'surname'")).toBe(0);
  });
});
