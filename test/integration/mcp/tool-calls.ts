import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSeededServer, type ListeningServer } from '../../helpers/listening-server';
import type { ToolResult } from '../../../src/mcp/tool-result';
import { WEAK_MATCH_COVERAGE } from '../../../src/shared/coverage';

export interface CheckOutput {
  status: 'completed' | 'working' | 'failed';
  result?: ToolResult;
  error?: { code: string; message: string };
}

/** Calls a tool and returns its structured output, failing the test on a tool error. */
export async function callTool<T>(client: Client, name: string, args: Record<string, unknown>): Promise<T> {
  const res = await client.callTool({ name, arguments: args });
  expect(res.isError, JSON.stringify(res.content)).toBeFalsy();
  // The text content carries the same JSON, for clients that ignore structured output.
  const text = (res.content as { type: string; text: string }[])[0]?.text ?? '';
  expect(JSON.parse(text)).toEqual(res.structuredContent);
  return res.structuredContent as T;
}

/** svc_query_async, then svc_check_job until the job ends. */
export async function ask(client: Client, args: Record<string, unknown>): Promise<CheckOutput> {
  const started = await callTool<{ job_id: string; status: string }>(client, 'svc_query_async', args);
  expect(started.status).toBe('working');
  expect(started.job_id).toMatch(/^mcpjob_[0-9a-f]{32}$/);
  for (;;) {
    const checked = await callTool<CheckOutput>(client, 'svc_check_job', { job_id: started.job_id });
    if (checked.status !== 'working') return checked;
  }
}

/**
 * Every mode returns its documented result (api-decisions.md, "Agent tool server"), asked about
 * the XQuAD articles the suite inserted (Nikola Tesla, Genghis Khan).
 */
export async function expectEveryMode(client: Client): Promise<void> {
  const tools = await client.listTools();
  expect(tools.tools.map((t) => t.name).sort()).toEqual(['svc_check_job', 'svc_query_async']);
  const query = 'What did Genghis Khan conquer?';

  const chat = await ask(client, { query, mode: 'chat' });
  expect(chat.status).toBe('completed');
  expect(chat.result?.mode).toBe('chat');
  expect(chat.result?.answer).toMatch(/\[\d+\]/);
  expect(chat.result?.context.sources.length).toBeGreaterThan(0);
  expect(chat.result?.context.sources[0]?.title).toBe('Genghis Khan');
  expect(chat.result?.context.sources[0]?.text.length).toBeGreaterThan(50);
  expect(chat.result?.context.facts.length).toBeGreaterThan(0);
  expect(chat.result?.model).toBe('extractive');
  // How sure the answer is travels with it, so an agent can say when the documents may not answer.
  expect(chat.result?.coverage).toBeGreaterThanOrEqual(WEAK_MATCH_COVERAGE);

  const expert = (await ask(client, { query, mode: 'expert' })).result;
  expect(expert?.answer?.length).toBeGreaterThan(0);
  expect(expert?.reasoning?.steps.length).toBeGreaterThan(0);
  expect(expert?.reasoning?.steps[0]).toMatchObject({ step: 1 });

  const brainstorm = (await ask(client, { query, mode: 'brainstorm' })).result;
  expect(brainstorm?.answer?.length).toBeGreaterThan(0);
  expect(brainstorm?.web_sources).toEqual([]);
  expect(brainstorm?.web_search?.used).toBe(false);

  const raw = (await ask(client, { query, mode: 'raw_facts' })).result;
  expect(raw?.answer).toBeUndefined();
  expect(raw?.triples?.length).toBeGreaterThan(0);
  expect(raw?.triples?.[0]).toEqual({
    subject: expect.any(String),
    predicate: expect.any(String),
    object: expect.any(String),
    confidence: expect.any(Number),
    source: { document_id: expect.any(String), title: expect.any(String), chunk_id: expect.any(String) },
  });

  const context = (await ask(client, { query, mode: 'context' })).result;
  expect(context?.answer).toBeUndefined();
  expect(context?.triples).toBeUndefined();
  expect(context?.context.facts.length).toBeGreaterThan(0);
  expect(context?.context.sources.some((s) => s.title === 'Genghis Khan' && s.text.length > 50)).toBe(true);

  const offTopic = (await ask(client, { query: 'What is the best recipe for sourdough pancakes with blueberries?', mode: 'chat' })).result;
  expect(offTopic).toMatchObject({ insufficient_coverage: true, answer: '', context: { facts: [], sources: [] } });
  expect(offTopic?.coverage).toBeLessThan(WEAK_MATCH_COVERAGE);
  // What no document holds is named, for the agent to tell the user.
  expect(offTopic?.absent_words).toContain('sourdough');
}

/** An unknown job id is a tool error the agent can read, and the server carries on. */
export async function expectUnknownJobError(client: Client): Promise<void> {
  const res = await client.callTool({ name: 'svc_check_job', arguments: { job_id: 'mcpjob_00000000000000000000000000000000' } });
  expect(res.isError).toBe(true);
  expect((res.content as { text: string }[])[0]?.text).toMatch(/unknown job_id/);
  expect((await client.listTools()).tools).toHaveLength(2);
}

/**
 * What both transports must do, as tests inside the caller's describe: a server seeded with two
 * XQuAD articles, one connected client, every mode, and the unknown-job error.
 */
export function toolServerBasics(connect: (url: string, key: string) => Promise<Client>): { server: () => ListeningServer; client: () => Client } {
  let server: ListeningServer;
  let client: Client;
  beforeAll(async () => {
    server = await startSeededServer(['Nikola Tesla', 'Genghis Khan']);
    client = await connect(server.url, server.ownerKey);
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  it('returns each mode its documented result through the SDK client', async () => {
    await expectEveryMode(client);
  });

  it('answers an unknown job id with a tool error, not a crash', async () => {
    await expectUnknownJobError(client);
  });
  return { server: () => server, client: () => client };
}
