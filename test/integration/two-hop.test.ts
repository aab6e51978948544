import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RETRIEVAL } from '../../src/core/config';
import { SHARED_DATA } from '../helpers/real-data';
import { startTestServer, waitForJob, type TestServer } from '../helpers/test-server';

interface HotpotQuestion {
  question: string;
  supporting_facts: [string, number][];
  context: [string, string[]][];
}

// Real HotpotQA questions with their distractor paragraphs: each needs two passages, and the
// second is about an entity that only the first one names.
const QUESTIONS = (JSON.parse(readFileSync(`${SHARED_DATA}qa/hotpotqa/hotpotqa_train.json`, 'utf8')) as HotpotQuestion[]).slice(0, 30);

async function serverWith(bridgeWeight: number): Promise<TestServer> {
  const server = await startTestServer({ retrieval: { ...DEFAULT_RETRIEVAL, bridgeWeight } });
  const paragraphs = new Map(QUESTIONS.flatMap((q) => q.context.map(([title, sentences]) => [title, sentences.join('')] as const)));
  const res = await server.json<{ job_ids: string[] }>('POST', '/insert/bulk', {
    body: { documents: [...paragraphs].map(([title, content]) => ({ title, content })) },
  });
  for (const id of res.body.job_ids) await waitForJob(server, id);
  return server;
}

/** How many questions get both of their passages among the retrieved chunks. */
async function bothFound(server: TestServer): Promise<number> {
  let found = 0;
  for (const q of QUESTIONS) {
    const { body } = await server.json<{ chunks: { title: string }[] }>('POST', '/query', { body: { query: q.question, include_summary: false } });
    const titles = new Set(body.chunks.map((c) => c.title));
    if (q.supporting_facts.every(([title]) => titles.has(title))) found++;
  }
  return found;
}

describe('two-hop questions', () => {
  let withBridges: TestServer;
  let textOnly: TestServer;
  beforeAll(async () => {
    withBridges = await serverWith(DEFAULT_RETRIEVAL.bridgeWeight);
    textOnly = await serverWith(0);
  }, 120_000);
  afterAll(async () => {
    await withBridges?.close();
    await textOnly?.close();
  });

  it('finds the passage about the entity the first passage names, which text ranking alone misses', async () => {
    const bridged = await bothFound(withBridges);
    const plain = await bothFound(textOnly);
    expect(bridged).toBeGreaterThan(plain);
    expect(bridged / QUESTIONS.length).toBeGreaterThanOrEqual(0.8);
  }, 60_000);
});
