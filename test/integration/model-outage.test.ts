/**
 * A language model that fails or goes away while it answers, against the STAND-IN Ollama
 * (test/helpers/ollama-stand-in.ts) killed, hanging up mid-reply or refusing to load the model.
 * What a caller gets is documented in docs/api.md ("When the model stops answering").
 */
import { describe, expect, it } from 'vitest';
import type { ChatBody, ScriptedReply } from '../helpers/ollama-stand-in';
import { CURIE, insertAndWait, useOllamaStandIn } from '../helpers/server-with-ollama-stand-in';
import type { TestServer } from '../helpers/test-server';

const QUESTION = 'Where was Marie Curie born?';
/** Words the extractive answer can never contain, so a half model answer is recognisable. */
const MODEL_WORDS = ['According to my notes, ', 'the physicist ', 'came from ', 'Warsaw [1].'];

const startWithStandIn = useOllamaStandIn();

// Extraction (schema-constrained JSON) gets nothing to extract, so only answers are scripted.
const answers = (script: (n: number) => ScriptedReply) => {
  let n = 0;
  return (body: ChatBody): ScriptedReply => (body.format !== undefined ? { content: ['{"entities":[],"facts":[]}'] } : script(++n));
};

async function start(reply: (body: ChatBody) => ScriptedReply) {
  const started = await startWithStandIn(reply, { settings: { answer_model: 'tiny-chat' } });
  await insertAndWait(started.server, CURIE, 'Curie');
  return started;
}

type Event = { type: string; data: Record<string, unknown> };

async function streamed(s: TestServer, body: Record<string, unknown>): Promise<Event[]> {
  const res = await s.request('POST', '/query', { body: { ...body, stream: true } });
  expect(res.status).toBe(200);
  // text() resolves only when the server ends the stream: a hung stream fails the test by timeout.
  return (await res.text())
    .split('\n\n')
    .filter((f) => f.startsWith('data: '))
    .map((f) => JSON.parse(f.slice(6)) as Event);
}

interface Answer {
  summary: string;
  session_id?: string;
  metadata: { model: string; model_outage?: { model: string; message: string } };
  sources: { title: string }[];
}

const messagesOf = async (s: TestServer, sessionId: string) =>
  (await s.json<{ messages: { role: string; content: string }[] }>('GET', `/conversations/${sessionId}`)).body.messages;

describe('a model that stops answering, in a JSON answer', () => {
  it('hangs up half way: the extractive answer takes its place, says so in metadata, and is what the conversation keeps', async () => {
    const { server } = await start(answers(() => ({ content: MODEL_WORDS, delayMs: 10, dropAfter: 2 })));
    const { status, body } = await server.json<Answer>('POST', '/query', { body: { query: QUESTION, maintain_context: true } });
    expect(status).toBe(200);
    expect(body.metadata.model).toBe('extractive');
    expect(body.metadata.model_outage).toMatchObject({ model: 'tiny-chat:latest' });
    expect(body.metadata.model_outage!.message).toMatch(/tiny-chat:latest/u);
    expect(body.summary).toContain('Warsaw');
    expect(body.summary).not.toContain('According to my notes');
    expect(body.sources.map((s) => s.title)).toContain('Curie');
    const messages = await messagesOf(server, body.session_id!);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(messages[1]!.content).toBe(body.summary);
  });

  it.each(['error-line', 'early-end'] as const)('stops half way (%s): the extractive answer, never the half one', async (dropAs) => {
    const { server } = await start(answers(() => ({ content: MODEL_WORDS, dropAfter: 2, dropAs })));
    const { status, body } = await server.json<Answer>('POST', '/query', { body: { query: QUESTION } });
    expect(status).toBe(200);
    expect(body.metadata).toMatchObject({ model: 'extractive', model_outage: { model: 'tiny-chat:latest' } });
    expect(body.summary).toContain('Warsaw');
    expect(body.summary).not.toContain('According to my notes');
  });

  it('cannot load the model before any word: the extractive answer, with Ollama’s reason', async () => {
    const { server } = await start(answers(() => ({ content: MODEL_WORDS, fail: { status: 500, error: 'model runner has unexpectedly stopped' } })));
    const { status, body } = await server.json<Answer>('POST', '/query', { body: { query: QUESTION } });
    expect(status).toBe(200);
    expect(body.metadata.model).toBe('extractive');
    expect(body.metadata.model_outage!.message).toContain('model runner has unexpectedly stopped');
    expect(body.summary).toContain('Warsaw');
  });

  it('named in the request and killed mid-answer: 503 model_unavailable, and the conversation keeps only its finished turns', async () => {
    const { standIn, server } = await start(
      answers((n) => (n === 1 ? { content: MODEL_WORDS } : { content: [...MODEL_WORDS, ...MODEL_WORDS], delayMs: 60 })),
    );
    const first = await server.json<Answer>('POST', '/query', { body: { query: QUESTION, model: 'tiny-chat', maintain_context: true } });
    expect(first.body.summary).toBe(MODEL_WORDS.join(''));
    const sessionId = first.body.session_id!;

    const killed = (async () => {
      await expect.poll(() => standIn.chats.filter((c) => c.format === undefined).length, { timeout: 10_000 }).toBe(2);
      await new Promise((r) => setTimeout(r, 150));
      await standIn.stop();
    })();
    const { status, body } = await server.json<{ success: boolean; error: { code: string; message: string } }>('POST', '/query', {
      body: { query: 'When was she born?', model: 'tiny-chat', session_id: sessionId },
    });
    await killed;
    expect(status).toBe(503);
    expect(body.success).toBe(false);
    expect(body.error.code).toBe('model_unavailable');
    expect(body.error.message).toContain('tiny-chat:latest');
    const messages = await messagesOf(server, sessionId);
    expect(messages.map((m) => m.content)).toEqual([QUESTION, MODEL_WORDS.join('')]);
  });
});

describe('a model that stops answering, in a stream', () => {
  it('killed mid-stream: the words sent stay sent, then an error event with model_unavailable and done with the error; the stream ends', async () => {
    const { standIn, server } = await start(answers(() => ({ content: [...MODEL_WORDS, ...MODEL_WORDS, ...MODEL_WORDS], delayMs: 60 })));
    const res = await server.request('POST', '/query', { body: { query: QUESTION, stream: true, maintain_context: true } });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes('"type":"content"')) text += (await reader.read()).value ?? '';
    await standIn.stop();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    const events = text
      .split('\n\n')
      .filter((f) => f.startsWith('data: '))
      .map((f) => JSON.parse(f.slice(6)) as Event);
    const types = events.map((e) => e.type);
    expect(types[0]).toBe('metadata');
    expect(events[0]!.data.model).toBe('tiny-chat:latest');
    expect(types).toContain('content');
    expect(types).not.toContain('sources');
    expect(types.slice(-2)).toEqual(['error', 'done']);
    const error = events.at(-2)!.data;
    expect(error.code).toBe('model_unavailable');
    expect(error.message).toMatch(/tiny-chat:latest/u);
    expect(events.at(-1)!.data.error).toBe(error.message);

    // The half answer is not stored as if it were complete; the session stays open for the next question.
    const sessionId = events[0]!.data.session_id as string;
    expect(await messagesOf(server, sessionId)).toEqual([]);
    const next = await server.json<Answer>('POST', '/query', { body: { query: QUESTION, session_id: sessionId } });
    expect(next.body.metadata.model).toBe('extractive');
    expect((await messagesOf(server, sessionId)).map((m) => m.content)).toEqual([QUESTION, next.body.summary]);
  });

  it('hangs up in a conversation’s second turn: the first turn stays, the cut one is not recorded', async () => {
    const { server } = await start(answers((n) => (n === 1 ? { content: MODEL_WORDS } : { content: MODEL_WORDS, delayMs: 10, dropAfter: 2 })));
    const first = await streamed(server, { query: QUESTION, maintain_context: true });
    expect(first.at(-1)).toEqual({ type: 'done', data: {} });
    const sessionId = first[0]!.data.session_id as string;

    const second = await streamed(server, { query: 'When was she born?', session_id: sessionId });
    const said = second.filter((e) => e.type === 'content').map((e) => e.data.delta).join('');
    expect(said.length).toBeGreaterThan(0);
    expect(MODEL_WORDS.slice(0, 2).join('').startsWith(said)).toBe(true);
    expect(second.slice(-2).map((e) => e.type)).toEqual(['error', 'done']);
    expect(second.at(-2)!.data.code).toBe('model_unavailable');

    const messages = await messagesOf(server, sessionId);
    expect(messages.map((m) => m.content)).toEqual([QUESTION, MODEL_WORDS.join('')]);
    const listed = await server.json<{ conversations: { session_id: string; turn_count: number }[] }>('GET', '/conversations');
    expect(listed.body.conversations.find((c) => c.session_id === sessionId)!.turn_count).toBe(1);
  });

  it('refused before any word: an error event with model_unavailable, no content, and nothing recorded', async () => {
    const { server } = await start(answers(() => ({ content: MODEL_WORDS, fail: { status: 500, error: 'model runner has unexpectedly stopped' } })));
    const events = await streamed(server, { query: QUESTION, maintain_context: true });
    expect(events.map((e) => e.type)).toEqual(['metadata', 'error', 'done']);
    expect(events[1]!.data).toMatchObject({ code: 'model_unavailable' });
    expect(events[1]!.data.message).toContain('model runner has unexpectedly stopped');
    expect(await messagesOf(server, events[0]!.data.session_id as string)).toEqual([]);
  });
});
