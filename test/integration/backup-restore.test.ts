import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KbClient } from '../../src/client/index';
import { startListeningServer, startSeededServer, type ListeningServer } from '../helpers/listening-server';
import { articleText, xquadArticles } from '../helpers/real-data';
import { runKb } from '../helpers/run-kb';
import { startTestServer, waitForJob, type TestServer } from '../helpers/test-server';

const QUESTIONS = ['What did Tesla develop?', 'Who succeeded Genghis Khan?', 'Where was Tesla born?'];

/** What a user sees of a query: the answer and the passages it cites. */
async function answers(kb: KbClient): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const query of QUESTIONS) {
    const res = await kb.query({ query });
    out.push({ summary: res.summary, sources: res.sources.map((s) => s.chunk_id), facts: res.facts.length });
  }
  return out;
}

function restoreForm(bytes: Uint8Array): FormData {
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'backup.kb.sqlite');
  return form;
}

async function backupBytes(server: TestServer): Promise<Uint8Array> {
  const res = await server.request('GET', '/backup');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/vnd.sqlite3');
  return new Uint8Array(await res.arrayBuffer());
}

describe('backup and restore', () => {
  let source: ListeningServer;
  let work: string;
  beforeAll(async () => {
    source = await startSeededServer(['Nikola Tesla', 'Genghis Khan']);
    work = mkdtempSync(join(tmpdir(), 'kb-backup-test-'));
  }, 120_000);
  afterAll(async () => {
    await source?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('kb backup then kb restore into a fresh data folder gives identical documents, conversations and answers', async () => {
    const kb = new KbClient({ baseUrl: source.url, apiKey: source.ownerKey });
    const conversation = await kb.query({ query: 'Where was Tesla born?', maintain_context: true });
    const file = join(work, 'cli.kb.sqlite');
    const saved = await runKb(['backup', file], { url: source.url, key: source.ownerKey });
    expect(saved.code, saved.stderr).toBe(0);
    expect(statSync(file).mode & 0o077).toBe(0);

    const target = await startListeningServer();
    try {
      const restored = await runKb(['restore', file, '--json'], { url: target.url, key: target.ownerKey });
      expect(restored.code, restored.stderr).toBe(0);
      expect(JSON.parse(restored.stdout)).toMatchObject({ success: true, documents: 2, resumed_jobs: 0 });
      const fresh = new KbClient({ baseUrl: target.url, apiKey: target.ownerKey });
      expect((await fresh.listDocuments()).documents).toEqual((await kb.listDocuments()).documents);
      expect((await fresh.getConversation(conversation.session_id ?? '')).messages.length).toBe(2);
      expect(await answers(fresh)).toEqual(await answers(kb));
      // A second restore would overwrite what is there now: refused.
      const again = await runKb(['restore', file], { url: target.url, key: target.ownerKey });
      expect(again.code).toBe(3);
      expect(again.stderr).toMatch(/empty knowledge base/);
    } finally {
      await target.close();
    }
  }, 120_000);

  it('refuses what is not a backup with 400 and the documented body, and leaves the knowledge base usable', async () => {
    const target = await startTestServer();
    try {
      const good = await backupBytes(target);
      const cases: [string, Uint8Array][] = [
        ['text', new TextEncoder().encode('not a database at all, just some words')],
        ['truncated', good.subarray(0, 4096)],
        ['header only', Buffer.concat([Buffer.from('SQLite format 3\u0000'), Buffer.alloc(200, 7)])],
      ];
      for (const [name, bytes] of cases) {
        const res = await target.request('POST', '/restore', { rawBody: restoreForm(bytes) });
        const body = (await res.json()) as { success: boolean; error: { code: string } };
        expect(res.status, name).toBe(400);
        expect(body).toMatchObject({ success: false, error: { code: 'invalid_request' } });
      }
      const plain = await target.request('POST', '/restore', { body: { file: 'x' } });
      expect(plain.status).toBe(400);
      expect((await target.request('GET', '/backup', { key: null })).status).toBe(401);
      const { body } = await target.json<{ job_id: string }>('POST', '/insert', { body: { content: 'Ada Lovelace wrote the first program.', title: 'Ada' } });
      expect((await waitForJob(target, body.job_id)).at(-1)?.status).toBe('completed');
    } finally {
      await target.close();
    }
  }, 60_000);

  it('takes consistent snapshots while documents are being written; each restores whole and finishes its jobs', async () => {
    const busy = await startTestServer();
    const articles = xquadArticles().slice(10, 22);
    try {
      const { body } = await busy.json<{ job_ids: string[] }>('POST', '/insert/bulk', {
        body: { documents: articles.map((a) => ({ content: articleText(a), title: a.title })) },
      });
      const snapshots: Uint8Array[] = [];
      for (let i = 0; i < 3; i++) {
        snapshots.push(await backupBytes(busy));
        await new Promise((r) => setTimeout(r, 150));
      }
      for (const [i, bytes] of snapshots.entries()) {
        const file = join(work, `snap-${i}.sqlite`);
        writeFileSync(file, bytes);
        const db = new Database(file, { readonly: true });
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        db.close();
        const target = await startTestServer();
        try {
          const res = await target.request('POST', '/restore', { rawBody: restoreForm(readFileSync(file)) });
          expect(res.status).toBe(200);
          await target.engine.idle();
          for (const id of body.job_ids) expect((await waitForJob(target, id)).at(-1)?.status).toBe('completed');
          const { body: docs } = await target.json<{ documents: { chunk_count: number }[]; total: number }>('GET', '/documents?limit=50');
          expect(docs.total).toBe(articles.length);
        } finally {
          await target.close();
        }
      }
    } finally {
      await busy.close();
    }
  }, 240_000);
});
