import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../src/shared/api-types';
import { articleText, xquadArticles } from '../helpers/real-data';
import { startTestServer, waitForJob, type TestServer } from '../helpers/test-server';

type Summary = ConversationSummary;

describe('conversations', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    const article = xquadArticles().find((a) => a.title === 'Nikola_Tesla');
    const { body } = await server.json<{ job_id: string }>('POST', '/insert', { body: { content: articleText(article!), title: 'Nikola Tesla' } });
    await waitForJob(server, body.job_id);
  });
  afterAll(() => server.close());

  const ask = (body: Record<string, unknown>) => server.json<{ session_id?: string; summary: string }>('POST', '/query', { body });

  it('keeps a multi-turn session: create, continue, list, read, rename, soft-delete', async () => {
    const first = await ask({ query: 'Where was Nikola Tesla born?', maintain_context: true });
    expect(first.status).toBe(200);
    const sessionId = first.body.session_id;
    expect(sessionId).toMatch(/^ses_/);

    const second = await ask({ query: 'When did he move to the United States?', session_id: sessionId });
    expect(second.body.session_id).toBe(sessionId);

    const list = await server.json<{ conversations: Summary[] }>('GET', '/conversations');
    const item = list.body.conversations.find((c) => c.session_id === sessionId);
    expect(item).toBeDefined();
    expect(item).toMatchObject({ title: 'Where was Nikola Tesla born?', turn_count: 2 });
    expect(item?.preview).toBe(second.body.summary.slice(0, 160));
    expect(Date.parse(item!.last_updated)).toBeGreaterThanOrEqual(Date.parse(item!.created_at));

    const detail = await server.json<{ session_id: string; title: string; messages: { role: string; content: string; timestamp: string }[] }>(
      'GET',
      `/conversations/${sessionId}`,
    );
    expect(detail.status).toBe(200);
    expect(detail.body.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(detail.body.messages[0]?.content).toBe('Where was Nikola Tesla born?');
    expect(detail.body.messages[1]?.content).toBe(first.body.summary);

    const renamed = await server.json<{ success: boolean; message: string }>('PUT', `/conversations/${sessionId}/title`, { body: { title: 'Tesla' } });
    expect(renamed.body).toMatchObject({ success: true });
    expect((await server.json<{ title: string }>('GET', `/conversations/${sessionId}`)).body.title).toBe('Tesla');

    const deleted = await server.json<{ success: boolean }>('DELETE', `/conversations/${sessionId}`);
    expect(deleted.body.success).toBe(true);
    const after = await server.json<{ conversations: Summary[] }>('GET', '/conversations');
    expect(after.body.conversations.some((c) => c.session_id === sessionId)).toBe(false);
    expect((await server.json('GET', `/conversations/${sessionId}`)).status).toBe(404);
    expect((await ask({ query: 'And later?', session_id: sessionId })).status).toBe(404);
    expect((await server.json('DELETE', `/conversations/${sessionId}`)).status).toBe(404);
  });

  it('returns no session without maintain_context', async () => {
    const { body } = await ask({ query: 'Where was Nikola Tesla born?' });
    expect(body.session_id).toBeUndefined();
  });

  it('limits the list, most recent first', async () => {
    for (let i = 0; i < 3; i++) await ask({ query: `Tesla question number ${i}`, maintain_context: true });
    const { body } = await server.json<{ conversations: Summary[] }>('GET', '/conversations?limit=2');
    expect(body.conversations).toHaveLength(2);
    expect(body.conversations[0]?.title).toBe('Tesla question number 2');
    for (const bad of ['0', '201', 'abc', '-1']) {
      expect((await server.json('GET', `/conversations?limit=${bad}`)).status).toBe(400);
    }
  });

  it('validates titles and unknown ids', async () => {
    const { body } = await ask({ query: 'Tesla', maintain_context: true });
    const id = body.session_id!;
    expect((await server.json('PUT', `/conversations/${id}/title`, { body: {} })).status).toBe(400);
    expect((await server.json('PUT', `/conversations/${id}/title`, { body: { title: '  ' } })).status).toBe(400);
    expect((await server.json('PUT', `/conversations/${id}/title`, { body: { title: 't'.repeat(201) } })).status).toBe(400);
    expect((await server.json('PUT', '/conversations/ses_nope/title', { body: { title: 'x' } })).status).toBe(404);
    expect((await server.json('GET', '/conversations/ses_nope')).status).toBe(404);
    expect((await ask({ query: 'x', session_id: 'ses_nope' })).status).toBe(404);
  });
});
