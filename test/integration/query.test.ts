import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleText, xquadArticles } from '../helpers/real-data';
import { insertDocuments, startTestServer, waitForJob, type TestServer } from '../helpers/test-server';

interface QueryBody {
  success: boolean;
  summary: string;
  session_id?: string;
  total_facts: number;
  total_chunks: number;
  insufficient_coverage?: boolean;
  metadata: { entities: string[]; model: string; search_time: string; query_depth: string; web_search?: { used: boolean } };
  sources: { title: string; chunk_id: string; document_id: string }[];
  facts: { subject: string; predicate: string; object: string; source: { chunk_id: string } }[];
  chunks: { chunk_id: string; text: string; title: string }[];
  reasoning?: { steps: { step: number; thought: string; fact_ids: string[] }[] };
}

/** Parses an SSE body into its events, asserting the documented framing. */
export function parseSse(raw: string): { type: string; data: Record<string, unknown> }[] {
  return raw
    .split('\n\n')
    .filter((frame) => frame.trim().length > 0)
    .map((frame) => {
      expect(frame.startsWith('data: ')).toBe(true);
      return JSON.parse(frame.slice('data: '.length)) as { type: string; data: Record<string, unknown> };
    });
}

describe('POST /query', () => {
  let server: TestServer;
  const titles = ['Warsaw', 'Nikola_Tesla', 'Oxygen', 'Amazon_rainforest', 'Genghis_Khan', 'Rhine'];

  beforeAll(async () => {
    server = await startTestServer();
    const articles = xquadArticles().filter((a) => titles.includes(a.title));
    await insertDocuments(server, articles.map((a) => ({ content: articleText(a), title: a.title.replaceAll('_', ' ') })));
  }, 60_000);
  afterAll(() => server.close());

  it('answers an on-topic question from the right document, citing its chunks', async () => {
    const { status, body } = await server.json<QueryBody>('POST', '/query', { body: { query: 'Where did Tesla live for much of his life?' } });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.insufficient_coverage).toBeUndefined();
    expect(body.summary.length).toBeGreaterThan(20);
    expect(body.summary).toMatch(/\[\d+\]/);
    expect(body.sources.length).toBeGreaterThan(0);
    expect(body.sources[0]?.title).toBe('Nikola Tesla');
    expect(body.chunks[0]?.title).toBe('Nikola Tesla');
    expect(body.metadata.model).toBe('extractive');
    expect(body.metadata.search_time).toMatch(/^\d+\.\d+s$/);
    expect(body.total_chunks).toBe(body.chunks.length);
    expect(body.total_facts).toBe(body.facts.length);
    // Every cited chunk can be opened as a passage.
    for (const source of body.sources) {
      const chunk = await server.json<{ text: string; document_id: string }>('GET', `/chunks/${source.chunk_id}`);
      expect(chunk.status).toBe(200);
      expect(chunk.body.document_id).toBe(source.document_id);
    }
  });

  it('cites sentences that contain the answer', async () => {
    const cases = [
      ['What was Warsaw\'s first literary cabaret?', 'Warsaw', 'Momus'],
      ['When did Carl Wilhelm Scheele discover oxygen?', 'Oxygen', '1773'],
      ['Who kidnapped Temüjin\'s first wife soon after they were married?', 'Genghis Khan', 'Merkits'],
      ['Where did Tesla live for much of his life?', 'Nikola Tesla', 'New York hotels'],
    ];
    for (const [query, title, answer] of cases) {
      const { body } = await server.json<QueryBody>('POST', '/query', { body: { query } });
      expect(body.sources[0]?.title, query).toBe(title);
      expect(body.summary, query).toContain(answer);
    }
  });

  it('reports insufficient coverage for an off-topic question, exactly as specified', async () => {
    const { status, body } = await server.json<QueryBody>('POST', '/query', {
      body: { query: 'What is the best recipe for sourdough pancakes with blueberries?' },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, summary: '', insufficient_coverage: true, total_facts: 0, total_chunks: 0 });
    expect(body.sources).toEqual([]);
  });

  it('returns the facts of the entities a question names', async () => {
    const { body } = await server.json<QueryBody>('POST', '/query', { body: { query: 'What did Genghis Khan do?' } });
    expect(body.metadata.entities.some((e) => /genghis khan/i.test(e))).toBe(true);
    expect(body.facts.length).toBeGreaterThan(0);
    expect(body.facts.some((f) => /genghis khan/i.test(`${f.subject} ${f.object}`))).toBe(true);
  });

  it('streams metadata, content, sources and done in that order', async () => {
    const res = await server.request('POST', '/query', { body: { query: 'Where did Tesla live for much of his life?', stream: true } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = parseSse(await res.text());
    const types = events.map((e) => e.type);
    expect(types[0]).toBe('metadata');
    expect(types.at(-1)).toBe('done');
    expect(types.at(-2)).toBe('sources');
    expect(types.slice(1, -2).every((t) => t === 'content')).toBe(true);
    expect(types.filter((t) => t === 'content').length).toBeGreaterThan(0);
    expect(events[0]?.data).toMatchObject({ model: 'extractive' });
    expect(Object.keys(events[0]?.data ?? {})).toEqual(expect.arrayContaining(['total_facts', 'total_chunks', 'entities', 'model']));
    const text = events.filter((e) => e.type === 'content').map((e) => String(e.data.delta)).join('');
    expect(text).toMatch(/\[\d+\]/);
    expect((events.at(-2)?.data.sources as unknown[]).length).toBeGreaterThan(0);
  });

  it('streams insufficient coverage as metadata then done, with no content', async () => {
    const res = await server.request('POST', '/query', { body: { query: 'sourdough pancake blueberry recipe', stream: true } });
    const events = parseSse(await res.text());
    expect(events.map((e) => e.type)).toEqual(['metadata', 'done']);
    expect(events[0]?.data).toMatchObject({ total_facts: 0, total_chunks: 0 });
    expect(events[1]?.data).toEqual({ insufficient_coverage: true });
  });

  it('adds reasoning steps in thinking mode, in the body and before content in the stream', async () => {
    const { body } = await server.json<QueryBody>('POST', '/query', { body: { query: 'What did Genghis Khan conquer?', response_mode: 'thinking' } });
    expect(body.metadata.query_depth).toBe('thinking');
    expect(body.reasoning?.steps.length).toBeGreaterThanOrEqual(2);
    expect(body.reasoning?.steps[0]).toMatchObject({ step: 1 });
    expect(body.reasoning?.steps[0]?.thought).toMatch(/Genghis Khan/);

    const res = await server.request('POST', '/query', { body: { query: 'What did Genghis Khan conquer?', response_mode: 'thinking', stream: true } });
    const types = parseSse(await res.text()).map((e) => e.type);
    expect(types.slice(0, 2)).toEqual(['metadata', 'reasoning']);
    expect(types.indexOf('reasoning')).toBeLessThan(types.indexOf('content'));
  });

  it('walks the graph further at deeper query depths', async () => {
    const walk = async (query_depth: string) => {
      const { body } = await server.json<QueryBody>('POST', '/query', {
        body: { query: 'Tell me about Genghis Khan and the Mongols', response_mode: 'research', query_depth },
      });
      return body.reasoning?.steps.filter((s) => s.thought.startsWith('Hop')).length ?? 0;
    };
    const basic = await walk('basic');
    const research = await walk('research');
    expect(basic).toBeLessThanOrEqual(1);
    expect(research).toBeGreaterThan(basic);
  });

  it('returns raw facts and chunks without a summary when include_summary is false', async () => {
    const { body } = await server.json<QueryBody>('POST', '/query', { body: { query: 'Who discovered oxygen?', include_summary: false } });
    expect(body.summary).toBe('');
    expect(body.total_chunks).toBeGreaterThan(0);
    expect(body.chunks[0]?.text.length).toBeGreaterThan(0);
    expect(body.metadata.model).toBe('none');
  });

  it('says honestly that web search was not used', async () => {
    const { body } = await server.json<QueryBody>('POST', '/query', { body: { query: 'oxygen discovery', web_search_enabled: true } });
    expect(body.metadata.web_search).toMatchObject({ used: false });
  });

  it.each([
    [{}, 'query'],
    [{ query: '' }, 'query'],
    [{ query: 'x'.repeat(8001) }, 'query'],
    [{ query: 'ok', response_mode: 'poetry' }, 'response_mode'],
    [{ query: 'ok', query_depth: 'deep' }, 'query_depth'],
    [{ query: 'ok', stream: 'yes' }, 'stream'],
    [{ query: 'ok', maintain_context: 1 }, 'maintain_context'],
    [{ query: 'ok', include_summary: 'false' }, 'include_summary'],
    [{ query: 'ok', web_search_enabled: null }, 'web_search_enabled'],
    [{ query: 'ok', session_id: 5 }, 'session_id'],
    [{ query: 'ok', model: '' }, 'model'],
    [{ query: 'ok', conversation_upload_ids: 'upl_1' }, 'conversation_upload_ids'],
  ])('rejects %j with 400 naming %s', async (payload, field) => {
    const { status, body } = await server.json<{ error: { code: string; details: { field: string }[] } }>('POST', '/query', { body: payload });
    expect(status).toBe(400);
    expect(body.error.code).toBe('invalid_request');
    expect(body.error.details.map((d) => d.field)).toContain(field);
  });

  it('answers 404 for an upload id that does not exist', async () => {
    const { status } = await server.json('POST', '/query', { body: { query: 'oxygen', conversation_upload_ids: ['upl_missing'] } });
    expect(status).toBe(404);
  });
});

describe('stem variants', () => {
  it('finds "discovered" for "discovery" although their Porter stems differ', async () => {
    const server = await startTestServer();
    const { body } = await server.json<{ job_id: string }>('POST', '/insert', {
      body: { content: 'Carl Wilhelm Scheele discovered oxygen in Uppsala in 1773, before Priestley.', title: 'Scheele' },
    });
    await waitForJob(server, body.job_id);
    const res = await server.json<QueryBody>('POST', '/query', { body: { query: 'Scheele oxygen discovery' } });
    expect(res.body.insufficient_coverage).toBeUndefined();
    expect(res.body.sources[0]?.title).toBe('Scheele');
    await server.close();
  });
});
