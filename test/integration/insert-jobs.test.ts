import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleText, xquadArticles } from '../helpers/real-data';
import { startTestServer, waitForJob, type TestServer } from '../helpers/test-server';

const STATUSES = ['pending', 'chunking', 'extracting', 'storing', 'completed', 'failed'];

describe('POST /insert and GET /job-status', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ limits: { ...(await import('../../src/core/config')).DEFAULT_LIMITS, maxInsertBytes: 200_000 } });
  });
  afterAll(() => server.close());

  it('accepts text, runs the job forward only, and reports what it stored', async () => {
    const article = xquadArticles().find((a) => a.title === 'Nikola_Tesla');
    if (!article) throw new Error('fixture missing');
    const { status, body } = await server.json<{ success: boolean; job_id: string; message: string }>('POST', '/insert', {
      body: { content: articleText(article), title: 'Nikola Tesla', tags: ['people'], metadata: { source: 'xquad' } },
    });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.job_id).toMatch(/^job_/);
    expect(typeof body.message).toBe('string');

    const seen = await waitForJob(server, body.job_id);
    const order = seen.map((s) => STATUSES.indexOf(String(s.status)));
    expect(order.every((o) => o >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const progress = seen.map((s) => Number(s.progress));
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const last = seen.at(-1) as { status: string; progress: number; data: Record<string, unknown>; error_details?: unknown };
    expect(last.status).toBe('completed');
    expect(last.progress).toBe(1);
    expect(last.error_details).toBeUndefined();
    expect(last.data.chunks_created).toBeGreaterThan(1);
    expect(last.data.facts_extracted).toBeGreaterThan(0);
    expect(String(last.data.document_id)).toMatch(/^doc_/);
    for (const s of seen.slice(0, -1)) expect(Number(s.progress)).toBeLessThan(1);

    const doc = await server.json<{ title: string; chunk_count: number; tags: string[] }>('GET', `/documents/${String(last.data.document_id)}`);
    expect(doc.body).toMatchObject({ title: 'Nikola Tesla', tags: ['people'], chunk_count: last.data.chunks_created });
  });

  it('defaults the title to Untitled', async () => {
    const { body } = await server.json<{ job_id: string }>('POST', '/insert', { body: { content: 'Ada Lovelace wrote the first program.' } });
    const last = (await waitForJob(server, body.job_id)).at(-1) as { data: { document_id: string } };
    const doc = await server.json<{ title: string }>('GET', `/documents/${last.data.document_id}`);
    expect(doc.body.title).toBe('Untitled');
  });

  it('queues each document of a bulk insert as its own job', async () => {
    const docs = xquadArticles().slice(0, 3).map((a) => ({ content: articleText(a), title: a.title }));
    const { status, body } = await server.json<{ success: boolean; job_ids: string[] }>('POST', '/insert/bulk', { body: { documents: docs } });
    expect(status).toBe(200);
    expect(body.job_ids).toHaveLength(3);
    expect(new Set(body.job_ids).size).toBe(3);
    for (const id of body.job_ids) expect((await waitForJob(server, id)).at(-1)?.status).toBe('completed');
  });

  it.each([
    [{}, 'content', 'required'],
    [{ content: '' }, 'content', 'empty'],
    [{ content: '   ' }, 'content', 'empty'],
    [{ content: 42 }, 'content', 'string'],
    [{ content: 'x', title: 7 }, 'title', ''],
    [{ content: 'x', title: 'y'.repeat(501) }, 'title', ''],
    [{ content: 'x', tags: 'not-a-list' }, 'tags', ''],
    [{ content: 'x', tags: Array.from({ length: 101 }, (_, i) => `t${i}`) }, 'tags', ''],
    [{ content: 'x', tags: ['z'.repeat(101)] }, 'tags.0', ''],
    [{ content: 'x', metadata: [1, 2] }, 'metadata', ''],
    [{ content: 'x', metadata: { blob: 'm'.repeat(70_000) } }, 'metadata', 'bytes'],
  ])('rejects %j with 400 naming %s', async (payload, field, problem) => {
    const { status, body } = await server.json<{ success: boolean; error: { code: string; details: { field: string; problem: string }[] } }>(
      'POST',
      '/insert',
      { body: payload },
    );
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.error.code).toBe('invalid_request');
    const detail = body.error.details.find((d) => d.field === field);
    expect(detail, JSON.stringify(body.error.details)).toBeDefined();
    expect(detail?.problem.toLowerCase()).toContain(problem);
  });

  it('rejects a body that is not JSON with 400', async () => {
    const res = await server.request('POST', '/insert', { body: '{"content": "unterminated' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_request');
  });

  it('answers 413 for content over the configured limit and stores nothing', async () => {
    const before = await server.json<{ total: number }>('GET', '/documents');
    const { status, body } = await server.json<{ error: { code: string } }>('POST', '/insert', { body: { content: 'word '.repeat(50_000) } });
    expect(status).toBe(413);
    expect(body.error.code).toBe('payload_too_large');
    const after = await server.json<{ total: number }>('GET', '/documents');
    expect(after.body.total).toBe(before.body.total);
  });

  it('answers 404 for an unknown job', async () => {
    const { status, body } = await server.json<{ error: { code: string } }>('GET', '/job-status/job_doesnotexist');
    expect(status).toBe(404);
    expect(body.error.code).toBe('not_found');
  });
});
