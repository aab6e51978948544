import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createDefaultAdapters } from '../../src/adapters/default-adapters';
import { resolveConfig } from '../../src/core/config';
import { createEngine, type Engine } from '../../src/core/engine';
import type { KnowledgeBase } from '../../src/core/knowledge-base';
import type { JobRecord } from '../../src/core/model';
import { xquadArticles } from '../helpers/real-data';

const lexicon = { file: fileURLToPath(new URL('../../resources/lexicon.json.gz', import.meta.url)) };

/** Small documents, each a paragraph of its own article, so a query names exactly one. */
const paragraphs = xquadArticles()
  .slice(0, 8)
  .map((a) => ({ title: a.title, content: a.paragraphs[0]?.context ?? '' }));

/** Called with each group's written entities once the write has returned, at the next turn of the event loop, when a request could first read its jobs as completed. */
type AfterWrite = (names: string[]) => void;

async function open(dataDir: string, failWrites = 0, afterWrite?: AfterWrite): Promise<{ engine: Engine; kb: KnowledgeBase }> {
  const adapters = createDefaultAdapters(dataDir, { lexicon });
  let failures = failWrites;
  const engine = createEngine(resolveConfig({ dataDir, version: 'test' }), {
    ...adapters,
    openKnowledgeStore: (dir) => {
      const store = adapters.openKnowledgeStore(dir);
      return {
        ...store,
        writeDocuments: async (...args) => {
          // A write of several documents that fails (a full disk, say) before anything is stored.
          if (failures-- > 0) throw new Error('disk full');
          const result = await store.writeDocuments(...args);
          if (afterWrite) setImmediate(() => afterWrite(result.written.entities.map((e) => e.name)));
          return result;
        },
      };
    },
  });
  const { owner } = await engine.start();
  return { engine, kb: engine.knowledgeBase(await engine.accounts.authenticate(owner.apiKey)) };
}

async function finished(kb: KnowledgeBase, jobs: JobRecord[]): Promise<JobRecord[]> {
  return Promise.all(jobs.map((j) => kb.getJob(j.id)));
}

describe('small inserts ingested several at a time', () => {
  let dataDir = '';
  let engine: Engine | null = null;
  afterEach(async () => {
    await engine?.close();
    engine = null;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('completes every job with a document of its own', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kb-groups-'));
    const opened = await open(dataDir);
    engine = opened.engine;
    const jobs = await opened.kb.insert(paragraphs);
    await engine.idle();
    const done = await finished(opened.kb, jobs);
    expect(done.map((j) => j.status)).toEqual(paragraphs.map(() => 'completed'));
    const ids = done.map((j) => String(j.data?.document_id));
    expect(new Set(ids).size).toBe(paragraphs.length);
    for (const [k, job] of done.entries()) {
      const doc = await opened.kb.store.getDocument(ids[k] ?? '');
      expect(doc).toMatchObject({ title: paragraphs[k]?.title, state: 'ready', chunkCount: job.data?.chunks_created, factCount: job.data?.facts_extracted });
    }
    expect((await opened.kb.store.listDocuments({ limit: 50, offset: 0 })).total).toBe(paragraphs.length);
  });

  it("has a completed job's entities in the graph by the time a request can read the job", async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kb-groups-'));
    const missing: string[] = [];
    let kb: KnowledgeBase | null = null;
    const opened = await open(dataDir, 0, (names) => {
      const name = names[0];
      if (!kb || !name) return;
      void kb.searchEntities(name, {}, 5).then(({ entities }) => {
        if (!entities.some((e) => e.name === name)) missing.push(name);
      });
    });
    engine = opened.engine;
    kb = opened.kb;
    // The graph is in memory before the inserts, as in a server that has answered a question.
    await kb.searchEntities('anything', {}, 1);
    const jobs = await kb.insert(paragraphs);
    await engine.idle();
    expect((await finished(kb, jobs)).every((j) => j.status === 'completed')).toBe(true);
    expect(missing).toEqual([]);
  });

  it('runs each job alone when the write of the group fails, storing each document once', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kb-groups-'));
    const opened = await open(dataDir, 1);
    engine = opened.engine;
    const jobs = await opened.kb.insert(paragraphs);
    await engine.idle();
    expect((await finished(opened.kb, jobs)).map((j) => j.status)).toEqual(paragraphs.map(() => 'completed'));
    expect((await opened.kb.store.listDocuments({ limit: 50, offset: 0 })).total).toBe(paragraphs.length);
  });

  it('after a stop in the middle, completes every job at the next start with one document each', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kb-groups-'));
    const first = await open(dataDir);
    const jobs = await first.kb.insert(paragraphs);
    // Stopped while the first group is being extracted: nothing of it may be left half done.
    await first.engine.close();
    const [account] = readdirSync(join(dataDir, 'accounts'));
    const db = new Database(join(dataDir, 'accounts', account ?? '', 'kb.sqlite'), { readonly: true });
    const count = (sql: string): number => (db.prepare(sql).get() as { n: number }).n;
    // Every job is done with its document or unfinished with none, and some are left to do.
    expect(count("SELECT count(*) AS n FROM jobs WHERE status = 'completed'")).toBe(count("SELECT count(*) AS n FROM documents WHERE state = 'ready'"));
    expect(count("SELECT count(*) AS n FROM jobs WHERE status NOT IN ('completed', 'failed')")).toBeGreaterThan(0);
    db.close();
    const second = await open(dataDir);
    engine = second.engine;
    await engine.idle();
    const done = await finished(second.kb, jobs);
    expect(done.map((j) => j.status)).toEqual(paragraphs.map(() => 'completed'));
    expect(new Set(done.map((j) => j.data?.document_id)).size).toBe(paragraphs.length);
    expect((await second.kb.store.listDocuments({ limit: 50, offset: 0 })).total).toBe(paragraphs.length);
  });
});
