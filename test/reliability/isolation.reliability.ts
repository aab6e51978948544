import Database from 'better-sqlite3';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_DATA } from '../helpers/real-data';
import { api, newDataDir, removeDataDir, startServerProcess, type ServerProcess } from './server-process';
import { recordFigures } from './summary';

const dataDir = newDataDir();
let server: ServerProcess;
/** The victim: a signed-up account with a document, an upload, a conversation and a second key. */
const victim = { key: '', keyId: '', documentId: '', chunkId: '', jobId: '', uploadId: '', sessionId: '', entityId: '' };
let refused = 0;
let attempts = 0;

async function untilDone(key: string, jobId: string): Promise<void> {
  for (;;) {
    const { body } = await api<{ status: string }>(server, 'GET', `/job-status/${jobId}`, undefined, key);
    if (body.status === 'completed' || body.status === 'failed') return;
    await new Promise((r) => setTimeout(r, 300));
  }
}

beforeAll(async () => {
  server = await startServerProcess(dataDir);
  const signup = await fetch(`${server.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'victim@example.com', password: 'long enough password' }),
  });
  victim.key = ((await signup.json()) as { api_key: string }).api_key;
  const inserted = await api<{ job_id: string }>(server, 'POST', '/insert', { content: 'Zebulon Quarrington founded the Quarrington Observatory in Tallinn in 1911.', title: 'Secret' }, victim.key);
  victim.jobId = inserted.body.job_id;
  await untilDone(victim.key, victim.jobId);
  const { body: job } = await api<{ data: { document_id: string } }>(server, 'GET', `/job-status/${victim.jobId}`, undefined, victim.key);
  victim.documentId = job.data.document_id;
  const form = new FormData();
  form.append('file', new Blob([readFileSync(`${SHARED_DATA}markdown/rust-book_appendix-02-operators.md`)]), 'ops.md');
  const up = await fetch(`${server.url}/upload`, { method: 'POST', headers: { authorization: `Bearer ${victim.key}` }, body: form });
  victim.uploadId = ((await up.json()) as { upload_id: string }).upload_id;
  const q = await api<{ session_id: string; sources: { chunk_id: string }[] }>(server, 'POST', '/query', { query: 'Who founded the Quarrington Observatory?', maintain_context: true }, victim.key);
  victim.sessionId = q.body.session_id;
  victim.chunkId = q.body.sources[0]!.chunk_id;
  const ents = await api<{ entities: { entity_id: string }[] }>(server, 'GET', '/graph/entities?search=quarrington', undefined, victim.key);
  victim.entityId = ents.body.entities[0]!.entity_id;
  const key = await api<{ key_id: string }>(server, 'POST', '/api/auth/keys', { name: 'second' }, victim.key);
  victim.keyId = key.body.key_id;
});
afterAll(async () => {
  await server?.kill('SIGTERM');
  removeDataDir(dataDir, 'isolation');
});

describe('isolation and auth', () => {
  it("refuses every identifier-bearing endpoint given another account's ids (404, as for unknown ids)", async () => {
    const v = victim;
    const tries: [string, string, unknown?][] = [
      ['GET', `/documents/${v.documentId}`],
      ['DELETE', `/documents/${v.documentId}`],
      ['GET', `/chunks/${v.chunkId}`],
      ['GET', `/job-status/${v.jobId}`],
      ['GET', `/upload/${v.uploadId}/status`],
      ['GET', `/conversations/${v.sessionId}`],
      ['PUT', `/conversations/${v.sessionId}/title`, { title: 'mine now' }],
      ['DELETE', `/conversations/${v.sessionId}`],
      ['DELETE', `/api/auth/keys/${v.keyId}`],
      ['GET', `/graph/entities/${v.entityId}`],
      ['GET', `/graph/subgraph?entity_id=${v.entityId}`],
      ['POST', '/query', { query: 'Who founded the observatory?', session_id: v.sessionId }],
      ['POST', '/query', { query: 'What operators are there?', conversation_upload_ids: [v.uploadId] }],
    ];
    for (const [method, path, body] of tries) {
      const res = await api<{ success: boolean; error: { code: string } }>(server, method, path, body);
      attempts++;
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.code).toBe('not_found');
      refused++;
    }
    // Nothing of the victim's leaks into the owner's own searches either.
    const own = await api<{ sources: unknown[]; insufficient_coverage?: boolean }>(server, 'POST', '/query', { query: 'Who founded the Quarrington Observatory?' });
    expect(own.body.sources).toEqual([]);
    const ownEntities = await api<{ entities: unknown[] }>(server, 'GET', '/graph/entities?search=quarrington');
    expect(ownEntities.body.entities).toEqual([]);
    attempts += 2;
    refused += 2;
    // …and the victim still has all of it.
    for (const path of [`/documents/${v.documentId}`, `/chunks/${v.chunkId}`, `/conversations/${v.sessionId}`, `/graph/entities/${v.entityId}`]) {
      expect((await api(server, 'GET', path, undefined, v.key)).status, path).toBe(200);
    }
  });

  it('refuses revoked, malformed and missing keys with 401 and the documented body', async () => {
    const created = await api<{ key_id: string; api_key: string }>(server, 'POST', '/api/auth/keys', { name: 'to revoke' });
    expect((await api(server, 'GET', '/documents', undefined, created.body.api_key)).status).toBe(200);
    expect((await api(server, 'DELETE', `/api/auth/keys/${created.body.key_id}`)).status).toBe(200);
    const owner = server.ownerKey;
    const bad = [
      created.body.api_key,
      '',
      'svc_live_',
      `${owner}x`,
      owner.slice(0, -1),
      `${owner.slice(0, -1)}${owner.at(-1) === 'A' ? 'B' : 'A'}`,
      owner.toUpperCase(),
      `svc_ent_${owner.slice(9)}`,
      'svc_live_' + 'A'.repeat(4000),
      "' OR 1=1 --",
    ];
    for (const key of bad) {
      const res = await fetch(`${server.url}/documents`, { headers: { authorization: `Bearer ${key}` } });
      const body = (await res.json()) as { success: boolean; error: { code: string } };
      attempts++;
      expect(res.status, key.slice(0, 40)).toBe(401);
      expect(body).toMatchObject({ success: false, error: { code: 'unauthorized' } });
      refused++;
    }
    for (const header of [`Basic ${owner}`, owner, `Bearer  ${owner} extra`, 'Bearer']) {
      attempts++;
      expect((await fetch(`${server.url}/documents`, { headers: { authorization: header } })).status).toBe(401);
      refused++;
    }
    attempts++;
    expect((await fetch(`${server.url}/documents`)).status).toBe(401);
    refused++;
  });

  it('keeps keys only as hashes, so a key is compared by its SHA-256 and timing says nothing about its prefix', async () => {
    const db = new Database(join(dataDir, 'system.sqlite'), { readonly: true });
    const dump = JSON.stringify(db.prepare('SELECT * FROM api_keys').all());
    db.close();
    expect(dump).not.toContain(server.ownerKey);
    expect(dump).not.toContain(victim.key);
    // Figures only (no timed assertion): a near miss and a far miss cost the same hash and one index lookup.
    const owner = server.ownerKey;
    const near = `${owner.slice(0, -1)}${owner.at(-1) === 'A' ? 'B' : 'A'}`;
    const far = `svc_live_${'Z'.repeat(owner.length - 9)}`;
    const time = async (key: string) => {
      const ts: number[] = [];
      for (let i = 0; i < 60; i++) {
        const t = performance.now();
        await fetch(`${server.url}/documents`, { headers: { authorization: `Bearer ${key}` } });
        ts.push(performance.now() - t);
      }
      return ts.sort((a, b) => a - b)[30]!;
    };
    recordFigures('Key comparison (figures, not asserted)', { 'median ms near-miss key / far-miss key': `${(await time(near)).toFixed(2)} / ${(await time(far)).toFixed(2)}` });
  });

  it('refuses foreign Host headers (DNS rebinding) and gives foreign origins no CORS grant', async () => {
    const { request } = await import('node:http');
    const raw = (headers: Record<string, string>, method = 'GET') =>
      new Promise<{ status: number; headers: Record<string, string | string[] | undefined> }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: server.port, path: '/documents', method, headers: { authorization: `Bearer ${server.ownerKey}`, ...headers } }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
        });
        req.on('error', reject);
        req.end();
      });
    for (const host of ['evil.example', `evil.example:${server.port}`, 'attacker.127.0.0.1.nip.io', '127.0.0.1.evil.example']) {
      attempts++;
      expect((await raw({ host })).status, host).toBe(403);
      refused++;
    }
    expect((await raw({ host: `localhost:${server.port}` })).status).toBe(200);
    for (const origin of ['https://evil.example', 'null', `http://127.0.0.1.evil.example:${server.port}`]) {
      const simple = await raw({ origin });
      const preflight = await raw({ origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' }, 'OPTIONS');
      attempts += 2;
      expect(simple.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(preflight.headers['access-control-allow-origin'], origin).toBeUndefined();
      refused += 2;
    }
    expect((await raw({ origin: `http://127.0.0.1:${server.port}` })).headers['access-control-allow-origin']).toBe(`http://127.0.0.1:${server.port}`);
  });

  it('keeps path traversal in upload names and static paths inside the app', async () => {
    const marker = `kb-traversal-${process.pid}`;
    for (const name of [`../../../../../../tmp/${marker}.md`, `..\\..\\..\\tmp\\${marker}.md`, `/tmp/${marker}.md`, `%2e%2e%2f%2e%2e%2ftmp%2f${marker}.md`]) {
      const form = new FormData();
      form.append('file', new Blob(['# Notes\n\nA line of text.']), name);
      const res = await fetch(`${server.url}/upload`, { method: 'POST', headers: { authorization: `Bearer ${server.ownerKey}` }, body: form });
      const body = (await res.json()) as { filename: string };
      attempts++;
      expect(res.status).toBe(200);
      expect(body.filename).not.toMatch(/[\\/]/);
      expect(body.filename).not.toMatch(/^\.\.?$/);
      refused++;
    }
    expect(existsSync(join(tmpdir(), `${marker}.md`))).toBe(false);
    const secret = readFileSync(join(dataDir, 'owner.key'), 'utf8').trim();
    for (const path of ['/../owner.key', '/..%2fowner.key', '/%2e%2e/%2e%2e/package.json', '/assets/..%2f..%2f..%2fpackage.json', '/..%5c..%5cpackage.json', '/assets/%2e%2e/%2e%2e/%2e%2e/system.sqlite']) {
      const res = await fetch(`${server.url}${path}`);
      const text = await res.text();
      attempts++;
      expect(text, path).not.toContain(secret);
      expect(text, path).not.toContain('"devDependencies"');
      expect(text, path).not.toContain('SQLite format 3');
      refused++;
    }
    recordFigures('Isolation and auth', { 'attempts': attempts, 'refused': refused });
  });
});
