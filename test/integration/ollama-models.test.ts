/**
 * The Ollama adapters end to end through the HTTP API, against a STAND-IN Ollama server on
 * 127.0.0.1 (test/helpers/ollama-stand-in.ts): no real Ollama or model weights exist here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANSWER_RESERVE_TOKENS, estimateTokens } from '../../src/core/answer/prompt-budget';
import type { ChatBody, ScriptedReply } from '../helpers/ollama-stand-in';
import { CURIE, insertAndWait, TINY_CHAT as CHAT, useOllamaStandIn } from '../helpers/server-with-ollama-stand-in';
import { waitForJob } from '../helpers/test-server';
import { articleText, xquadArticles } from '../helpers/real-data';

const THINKER = { name: 'thinker:latest', contextLength: 32768, capabilities: ['completion', 'thinking'] };
const EMBEDDING = { name: 'nomic-embed-text:latest', contextLength: 2048, capabilities: ['embedding'] };

const startWithStandIn = useOllamaStandIn();
const isExtraction = (body: ChatBody): boolean => body.format !== undefined;
const answerReply = (): ScriptedReply => ({ content: ['Marie Curie ', 'was born ', 'in Warsaw ', '[1].'] });

const start = (reply: (body: ChatBody) => ScriptedReply, settings?: Record<string, unknown>, models = [CHAT, THINKER, EMBEDDING]) =>
  startWithStandIn(reply, { settings, models, config: { extractionConcurrency: 2 } });

function sseEvents(text: string): { type: string; data: Record<string, unknown> }[] {
  return text
    .split('\n\n')
    .filter((f) => f.startsWith('data: '))
    .map((f) => JSON.parse(f.slice(6)) as { type: string; data: Record<string, unknown> });
}

describe('answers through Ollama', () => {
  it('streams the model’s tokens as SSE content events, with num_ctx set and the citation mapped to sources', async () => {
    const { standIn, server } = await start(answerReply, { answer_model: 'tiny-chat' });
    await insertAndWait(server, CURIE, 'Curie');
    const res = await server.request('POST', '/query', { body: { query: 'Where was Marie Curie born?', stream: true } });
    const events = sseEvents(await res.text());
    expect(events[0]).toMatchObject({ type: 'metadata', data: { model: 'tiny-chat:latest' } });
    expect(events.filter((e) => e.type === 'content').map((e) => e.data.delta)).toEqual(['Marie Curie ', 'was born ', 'in Warsaw ', '[1].']);
    const sources = events.find((e) => e.type === 'sources')!.data.sources as { title: string }[];
    expect(sources.map((s) => s.title)).toEqual(['Curie']);
    expect(events.at(-1)).toEqual({ type: 'done', data: {} });

    const chat = standIn.chats.at(-1)!;
    expect(chat.options?.num_ctx).toBe(4096);
    const prompt = chat.messages.map((m) => m.content).join('\n');
    expect(prompt).toContain('[1] Curie');
    expect(prompt).toMatch(/ONLY the numbered sources/u);
  });

  it('fits the prompt to a small context window by dropping the lowest-ranked passages whole', async () => {
    const small = { name: 'small:latest', contextLength: 2048, capabilities: ['completion'] };
    const { standIn, server } = await start(answerReply, { answer_model: 'small' }, [small]);
    const articles = xquadArticles().slice(0, 12);
    for (const [i, a] of articles.entries()) await insertAndWait(server, articleText(a), `Article ${i}`);
    const question = articles[0]!.paragraphs?.[0]?.qas?.[0]?.question ?? 'What happened in the first article?';
    const { body } = await server.json<{ chunks: { text: string }[] }>('POST', '/query', { body: { query: question, response_mode: 'research' } });
    const chat = standIn.chats.at(-1)!;
    expect(chat.options?.num_ctx).toBe(2048);
    const tokens = chat.messages.reduce((n, m) => n + estimateTokens(m.content), 0);
    expect(tokens).toBeLessThanOrEqual(2048 - ANSWER_RESERVE_TOKENS + 16);
    const user = chat.messages[1]!.content;
    const included = body.chunks.filter((c) => user.includes(c.text.trim()));
    // The retrieval found more than fits; what was sent is whole passages, never a cut one.
    expect(body.chunks.length).toBeGreaterThan(included.length);
    expect(included.length).toBeGreaterThan(0);
    const passages = [...user.matchAll(/^\[(\d+)\] Article \d+\n/gmu)].map((m) => Number(m[1]));
    expect(passages.length).toBe(included.length);
  });

  it('stops the model when the client disconnects', async () => {
    const slow = (): ScriptedReply => ({ content: Array.from({ length: 200 }, (_, i) => `word${i} `), delayMs: 20 });
    const { standIn, server } = await start(slow, { answer_model: 'tiny-chat' });
    await insertAndWait(server, CURIE, 'Curie');
    const res = await server.request('POST', '/query', { body: { query: 'Where was Marie Curie born?', stream: true } });
    const reader = res.body!.getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    await expect.poll(() => standIn.abandoned, { timeout: 5000 }).toBe(1);
  });

  it('answers 400 with the installed models for an unknown model', async () => {
    const { server } = await start(answerReply);
    await insertAndWait(server, CURIE, 'Curie');
    const { status, body } = await server.json<{ error: { message: string; details: { field: string }[] } }>('POST', '/query', {
      body: { query: 'Where was Marie Curie born?', model: 'llama-unknown' },
    });
    expect(status).toBe(400);
    expect(body.error.message).toContain('tiny-chat:latest');
    expect(body.error.details[0]!.field).toBe('model');
    // An embedding model cannot answer either.
    expect((await server.json('POST', '/query', { body: { query: 'Where was Marie Curie born?', model: 'nomic-embed-text' } })).status).toBe(400);
  });

  it('keeps a thinking model’s reasoning out of the answer and feeds it to reasoning events', async () => {
    const thinking = (): ScriptedReply => ({ thinking: ['The source says ', 'Warsaw.'], content: ['<think>inline musing</think>', 'Warsaw [1].'] });
    const { standIn, server } = await start(thinking, { answer_model: 'thinker' });
    await insertAndWait(server, CURIE, 'Curie');
    const { body } = await server.json<{ summary: string; reasoning: { steps: { thought: string }[] } }>('POST', '/query', {
      body: { query: 'Where was Marie Curie born?', response_mode: 'thinking' },
    });
    expect(body.summary).toBe('Warsaw [1].');
    expect(body.reasoning.steps.at(-1)!.thought).toBe('The source says Warsaw.inline musing');
    expect(standIn.chats.at(-1)!.think).toBe(true);
    const chat = await server.json<{ summary: string }>('POST', '/query', { body: { query: 'Where was Marie Curie born?' } });
    expect(chat.body.summary).toBe('Warsaw [1].');
    expect(standIn.chats.at(-1)!.think).toBe(false);
  });

  it('falls back to extractive answers when Ollama is down, and uses it again when it is back, without a restart', async () => {
    const { standIn, server } = await start(answerReply, { answer_model: 'tiny-chat' });
    await insertAndWait(server, CURIE, 'Curie');
    expect((await server.json<{ components: { answer_model: string } }>('GET', '/health')).body.components.answer_model).toBe('ollama:tiny-chat:latest');
    await standIn.stop();
    const down = await server.json<{ metadata: { model: string }; summary: string }>('POST', '/query', { body: { query: 'Where was Marie Curie born?' } });
    expect(down.body.metadata.model).toBe('extractive');
    expect(down.body.summary).toContain('Warsaw');
    const health = await server.json<{ status: string; components: { answer_model: string } }>('GET', '/health');
    expect(health.body.components.answer_model).toMatch(/^extractive \(Ollama not reachable/u);
    expect(health.body.status).toBe('degraded');
    await standIn.restart();
    const back = await server.json<{ metadata: { model: string } }>('POST', '/query', { body: { query: 'Where was Marie Curie born?' } });
    expect(back.body.metadata.model).toBe('tiny-chat:latest');
  });
});

describe('fact extraction through Ollama', () => {
  const valid = JSON.stringify({
    entities: [
      { name: 'Marie Curie', type: 'person' },
      { name: 'Warsaw', type: 'place' },
      { name: 'Atlantis', type: 'place' },
    ],
    facts: [
      { subject: 'Marie Curie', predicate: 'born in', object: 'Warsaw', object_is_entity: true },
      { subject: 'Marie Curie', predicate: 'ruled', object: 'Atlantis', object_is_entity: true },
    ],
  });

  it('asks for schema-constrained JSON with thinking off, keeps only what the text says, and caches by chunk', async () => {
    const { standIn, server } = await start(() => ({ content: [valid] }), { extraction_model: 'thinker' });
    const job = await insertAndWait(server, CURIE, 'Curie');
    expect(job.status).toBe('completed');
    const extraction = standIn.chats.filter(isExtraction);
    expect(extraction).toHaveLength(1);
    expect(extraction[0]!.think).toBe(false);
    expect(extraction[0]!.format).toMatchObject({ type: 'object', required: ['entities', 'facts'] });
    const { body } = await server.json<{ facts: { subject: string; predicate: string; object: string }[] }>('POST', '/query', {
      body: { query: 'Where was Marie Curie born?', include_summary: false },
    });
    expect(body.facts).toContainEqual(expect.objectContaining({ subject: 'Marie Curie', predicate: 'born in', object: 'Warsaw' }));
    expect(body.facts.some((f) => f.object === 'Atlantis')).toBe(false);
    // The same text again: served from the cache, no model call.
    await insertAndWait(server, CURIE, 'Curie again');
    expect(standIn.chats.filter(isExtraction)).toHaveLength(1);
  });

  it('retries invalid JSON once, then falls back to the built-in extractor for that chunk', async () => {
    let calls = 0;
    const flaky = (): ScriptedReply => ({ content: [++calls === 1 ? 'not json at all' : valid] });
    const first = await start(flaky, { extraction_model: 'tiny-chat' });
    await insertAndWait(first.server, CURIE, 'Curie');
    expect(first.standIn.chats.filter(isExtraction)).toHaveLength(2);

    const garbage = await start(() => ({ content: ['{"entities": "oops"'] }), { extraction_model: 'tiny-chat' });
    const job = await insertAndWait(garbage.server, CURIE, 'Curie');
    expect(job.status).toBe('completed');
    expect(garbage.standIn.chats.filter(isExtraction)).toHaveLength(2);
    const { body } = await garbage.server.json<{ facts: { subject: string }[] }>('POST', '/query', {
      body: { query: 'Where was Marie Curie born?', include_summary: false },
    });
    // The built-in extractor's facts stand in.
    expect(body.facts.some((f) => f.subject === 'Marie Curie')).toBe(true);
  });

  it('sends chunks concurrently up to the limit and completes the job when Ollama stops mid-ingest', async () => {
    const { standIn, server } = await start(() => ({ content: [valid], delayMs: 150 }), { extraction_model: 'tiny-chat' });
    const text = xquadArticles().slice(0, 3).map(articleText).join('\n\n');
    const { body } = await server.json('POST', '/insert', { body: { content: text, title: 'Three articles' } });
    await expect.poll(() => standIn.chats.filter(isExtraction).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    await standIn.stop();
    const seen = await waitForJob(server, body.job_id as string, undefined, 60_000);
    const done = seen.at(-1)!;
    expect(done.status).toBe('completed');
    expect(standIn.maxConcurrent).toBe(2);
    const chunks = (done.data as { chunks_created: number }).chunks_created;
    expect(chunks).toBeGreaterThan(3);
    const docs = await server.json<{ documents: { chunk_count: number }[] }>('GET', '/documents');
    expect(docs.body.documents[0]!.chunk_count).toBe(chunks);
  });
});

describe('what the status says about Ollama', () => {
  it('running with no model pulled: reachable, with none to use and the model setup named; not "not reachable"', async () => {
    const { standIn, server } = await start(answerReply, { answer_model: 'tiny-chat' }, []);
    const { status, body } = await server.json<{ models: { reachable: boolean; available: string[] }; components: Record<string, string> }>('GET', '/api/system');
    expect(status).toBe(200);
    expect(body.models).toMatchObject({ reachable: true, available: [] });
    expect(body.components.ollama).toBe(`reachable at ${standIn.host}, no models pulled: pull one through the model setup`);
    expect(body.components.answer_model).toBe(`extractive (Ollama at ${standIn.host} has no models: pull one through the model setup)`);
    const health = await server.json<{ status: string; components: Record<string, string> }>('GET', '/health');
    expect(health.body.components.ollama).toBe(body.components.ollama);
    expect(health.body.status).toBe('degraded');

    // Stopped, it is not reachable, and the status says so.
    await standIn.stop();
    const down = await server.json<{ models: { reachable: boolean }; components: Record<string, string> }>('GET', '/api/system');
    expect(down.body.models.reachable).toBe(false);
    expect(down.body.components.ollama).toBe(`not reachable at ${standIn.host}`);
  });
});

describe('model settings', () => {
  it('are read and changed through the API, kept in the data folder, and validated', async () => {
    const { server } = await start(answerReply);
    const put = await server.json<{ settings: Record<string, unknown> }>('PUT', '/settings/models', { body: { answer_model: 'tiny-chat', extraction_model: null } });
    expect(put.body.settings).toMatchObject({ answer_model: 'tiny-chat', extraction_model: null, embedder: { kind: 'hashed' } });
    const saved = JSON.parse(readFileSync(join(server.dataDir, 'settings.json'), 'utf8')) as { models: { answerModel: string } };
    expect(saved.models.answerModel).toBe('tiny-chat');
    expect((await server.json('PUT', '/settings/models', { body: { ollama_host: 'file:///etc/passwd' } })).status).toBe(400);
    await server.restart();
    expect((await server.json<{ settings: { answer_model: string } }>('GET', '/settings/models')).body.settings.answer_model).toBe('tiny-chat');
    const signup = await server.json<{ api_key: string }>('POST', '/api/auth/signup', { body: { email: 'guest@example.com', password: 'long enough' }, key: null });
    expect((await server.json('PUT', '/settings/models', { body: { answer_model: 'x' }, key: signup.body.api_key })).status).toBe(403);
  });
});

describe("the model's own verdict", () => {
  const noAnswer = (): ScriptedReply => ({ content: ['The documents ', 'do not ', 'say.'] });

  it('turns "the documents do not say" into insufficient coverage, in JSON and in the stream, with nothing passed off as an answer', async () => {
    const { server } = await start((body) => (isExtraction(body) ? { content: ['{"entities":[],"relationships":[]}'] } : noAnswer()), { answer_model: 'tiny-chat' });
    await insertAndWait(server, CURIE, 'Curie');
    const { body } = await server.json('POST', '/query', { body: { query: 'Where did Marie Curie go to school?' } });
    expect(body).toMatchObject({ success: true, summary: '', insufficient_coverage: true, total_chunks: 0, sources: [] });

    const res = await server.request('POST', '/query', { body: { query: 'Where did Marie Curie go to school?', stream: true } });
    const events = sseEvents(await res.text());
    expect(events.filter((e) => e.type === 'content')).toEqual([]);
    expect(events.at(-1)).toEqual({ type: 'done', data: { insufficient_coverage: true } });
  });

  it('still streams an answer that only starts like the verdict', async () => {
    const { server } = await start(() => ({ content: ['The documents ', 'say she was born in Warsaw [1].'] }), { answer_model: 'tiny-chat' });
    await insertAndWait(server, CURIE, 'Curie');
    const res = await server.request('POST', '/query', { body: { query: 'Where was Marie Curie born?', stream: true } });
    const events = sseEvents(await res.text());
    expect(events.filter((e) => e.type === 'content').map((e) => e.data.delta).join('')).toBe('The documents say she was born in Warsaw [1].');
    expect(events.at(-1)).toEqual({ type: 'done', data: {} });
  });
});
