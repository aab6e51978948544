import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLANS } from '../../src/core/config';
import { startTestServer, waitForJob, type TestServer } from '../helpers/test-server';

type ErrorBody = { success: false; error: { code: string; message: string }; retryAfterSeconds?: number };

describe('accounts, keys, isolation and limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ plans: { ...DEFAULT_PLANS, free: { queriesPerMonth: 1000, requestsPerMinute: 10_000 } } });
  });
  afterAll(() => server.close());

  const signup = async (email: string) => {
    const res = await server.json<{ success: boolean; user_id: string; email: string; api_key: string; plan: string }>('POST', '/api/auth/signup', {
      key: null,
      body: { email, password: 'correct horse battery' },
    });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('refuses every protected endpoint without a valid key, with WWW-Authenticate', async () => {
    const cases: [string, string][] = [
      ['GET', '/conversations'],
      ['POST', '/query'],
      ['POST', '/insert'],
      ['GET', '/job-status/job_x'],
      ['GET', '/documents'],
      ['GET', '/api/user/limits'],
      ['GET', '/api/auth/keys'],
      ['GET', '/openapi.json'],
    ];
    for (const key of [null, 'svc_live_short', 'not-a-key', `svc_live_${'A'.repeat(40)}`]) {
      for (const [method, path] of cases) {
        const res = await server.request(method, path, { key, body: method === 'POST' ? {} : undefined });
        expect(res.status, `${method} ${path} with ${key}`).toBe(401);
        expect(res.headers.get('www-authenticate')).toBe('Bearer');
        expect(((await res.json()) as ErrorBody).error.code).toBe('unauthorized');
      }
    }
    const health = await server.request('GET', '/health', { key: null });
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'healthy', version: 'test' });
  });

  it('signs up, refuses a second signup with the same e-mail, logs in', async () => {
    const account = await signup('Ada@Example.com');
    expect(account.api_key).toMatch(/^svc_live_[0-9A-Za-z]{32,}$/);
    expect(account.plan).toBe('free');
    const again = await server.json<ErrorBody>('POST', '/api/auth/signup', { key: null, body: { email: 'ada@example.com', password: 'another password' } });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('conflict');

    const wrong = await server.json<ErrorBody>('POST', '/api/auth/login', { key: null, body: { email: 'ada@example.com', password: 'wrong password' } });
    expect(wrong.status).toBe(401);
    const login = await server.json<{ user_id: string; api_key: string }>('POST', '/api/auth/login', {
      key: null,
      body: { email: 'ada@example.com', password: 'correct horse battery' },
    });
    expect(login.status).toBe(200);
    expect(login.body.user_id).toBe(account.user_id);
    expect(login.body.api_key).not.toBe(account.api_key);
    expect((await server.json('GET', '/api/user/limits', { key: login.body.api_key })).status).toBe(200);

    for (const body of [{ email: 'nope', password: 'long enough pw' }, { email: 'b@example.com', password: 'short' }, {}]) {
      expect((await server.json('POST', '/api/auth/signup', { key: null, body })).status).toBe(400);
    }
  });

  it('creates, lists and revokes keys; a revoked key is refused at once; no key text is listed', async () => {
    const account = await signup('keys@example.com');
    const created = await server.json<{ success: boolean; key_id: string; api_key: string }>('POST', '/api/auth/keys', {
      key: account.api_key,
      body: { name: 'scripts' },
    });
    expect(created.body.api_key).toMatch(/^svc_live_/);
    const ent = await server.json<{ api_key: string }>('POST', '/api/auth/keys', { key: account.api_key, body: { name: 'ent', kind: 'ent' } });
    expect(ent.body.api_key).toMatch(/^svc_ent_/);

    const list = await server.json<{ keys: Record<string, unknown>[] }>('GET', '/api/auth/keys', { key: created.body.api_key });
    expect(list.body.keys.map((k) => k.name)).toEqual(['default', 'scripts', 'ent']);
    expect(JSON.stringify(list.body)).not.toContain(created.body.api_key);
    expect(list.body.keys[1]).toMatchObject({ key_id: created.body.key_id, kind: 'live', revoked: false });

    const revoked = await server.json('DELETE', `/api/auth/keys/${created.body.key_id}`, { key: account.api_key });
    expect(revoked.status).toBe(200);
    expect((await server.json('GET', '/api/user/limits', { key: created.body.api_key })).status).toBe(401);
    expect((await server.json('DELETE', `/api/auth/keys/${created.body.key_id}`, { key: server.ownerKey })).status).toBe(404);
  });

  it("never shows one account another account's data: every id answers 404", async () => {
    const alice = await signup('alice@example.com');
    const bob = await signup('bob@example.com');
    const insert = await server.json<{ job_id: string }>('POST', '/insert', {
      key: alice.api_key,
      body: { content: 'Alice keeps her secret recipe for quince marmalade in the blue notebook.', title: 'Secret' },
    });
    const done = (await waitForJob(server, insert.body.job_id, alice.api_key)).at(-1) as { data: { document_id: string } };
    const docId = done.data.document_id;
    const asked = await server.json<{ session_id: string; chunks: { chunk_id: string }[] }>('POST', '/query', {
      key: alice.api_key,
      body: { query: 'Where is the quince marmalade recipe?', maintain_context: true },
    });
    const chunkId = asked.body.chunks[0]?.chunk_id ?? '';
    expect(chunkId).toMatch(/^chk_/);
    const aliceKeys = await server.json<{ keys: { key_id: string }[] }>('GET', '/api/auth/keys', { key: alice.api_key });

    const attempts: [string, string, unknown?][] = [
      ['GET', `/job-status/${insert.body.job_id}`],
      ['GET', `/documents/${docId}`],
      ['DELETE', `/documents/${docId}`],
      ['GET', `/chunks/${chunkId}`],
      ['GET', `/conversations/${asked.body.session_id}`],
      ['PUT', `/conversations/${asked.body.session_id}/title`, { title: 'mine now' }],
      ['DELETE', `/conversations/${asked.body.session_id}`],
      ['POST', '/query', { query: 'marmalade', session_id: asked.body.session_id }],
      ['DELETE', `/api/auth/keys/${aliceKeys.body.keys[0]?.key_id}`],
    ];
    for (const [method, path, body] of attempts) {
      const res = await server.json<ErrorBody>(method, path, { key: bob.api_key, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    const bobQuery = await server.json<{ insufficient_coverage?: boolean }>('POST', '/query', { key: bob.api_key, body: { query: 'quince marmalade recipe notebook' } });
    expect(bobQuery.body.insufficient_coverage).toBe(true);
    expect((await server.json<{ total: number }>('GET', '/documents', { key: bob.api_key })).body.total).toBe(0);
    expect((await server.json<{ conversations: unknown[] }>('GET', '/conversations', { key: bob.api_key })).body.conversations).toEqual([]);
    // Alice still has everything.
    expect((await server.json('GET', `/documents/${docId}`, { key: alice.api_key })).status).toBe(200);
  });

});

describe('plan limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ plans: { ...DEFAULT_PLANS, free: { queriesPerMonth: 3, requestsPerMinute: 12 } } });
  });
  afterAll(() => server.close());

  const signup = async (email: string) =>
    (await server.json<{ api_key: string }>('POST', '/api/auth/signup', { key: null, body: { email, password: 'correct horse battery' } })).body;

  it('reports limits and answers 429 with retryAfterSeconds when the monthly quota is used up', async () => {
    const account = await signup('quota@example.com');
    const limits = await server.json<{ plan: string; queries: { limit: number; used: number; remaining: number }; rate: { requests_per_minute: number } }>(
      'GET',
      '/api/user/limits',
      { key: account.api_key },
    );
    expect(limits.body).toMatchObject({ success: true, plan: 'free', queries: { limit: 3, used: 0, remaining: 3 }, rate: { requests_per_minute: 12 } });
    for (let i = 0; i < 3; i++) expect((await server.json('POST', '/query', { key: account.api_key, body: { query: `q${i}` } })).status).toBe(200);
    const res = await server.request('POST', '/query', { key: account.api_key, body: { query: 'one too many' } });
    expect(res.status).toBe(429);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe('quota_exceeded');
    expect(body.retryAfterSeconds).toBeGreaterThan(0);
    expect(res.headers.get('retry-after')).toBe(String(body.retryAfterSeconds));
    const after = await server.json<{ queries: { used: number; remaining: number } }>('GET', '/api/user/limits', { key: account.api_key });
    expect(after.body.queries).toMatchObject({ used: 3, remaining: 0 });
  });

  it('answers 429 rate_limited past the per-minute limit, and the owner (local plan) has none', async () => {
    const account = await signup('rate@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) statuses.push((await server.request('GET', '/documents', { key: account.api_key })).status);
    expect(statuses.slice(0, 12).every((s) => s === 200)).toBe(true);
    const res = await server.request('GET', '/documents', { key: account.api_key });
    expect(res.status).toBe(429);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe('rate_limited');
    expect(body.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(body.retryAfterSeconds).toBeLessThanOrEqual(60);
    for (let i = 0; i < 30; i++) expect((await server.request('GET', '/documents')).status).toBe(200);
  });
});
