import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RETRIEVAL } from '../../src/core/config';
import { SHARED_DATA } from '../helpers/real-data';
import { insertDocuments, startTestServer, type TestServer } from '../helpers/test-server';

interface HotpotQuestion {
  question: string;
  supporting_facts: [string, number][];
  context: [string, string[]][];
}

// Real HotpotQA questions with their distractor paragraphs: each needs two passages, and the
// second is about an entity that only the first one names.
const QUESTIONS = (JSON.parse(readFileSync(`${SHARED_DATA}qa/hotpotqa/hotpotqa_train.json`, 'utf8')) as HotpotQuestion[]).slice(0, 30);

async function serverWith(retrieval: Partial<typeof DEFAULT_RETRIEVAL>): Promise<TestServer> {
  const server = await startTestServer({ retrieval: { ...DEFAULT_RETRIEVAL, ...retrieval } });
  const paragraphs = new Map(QUESTIONS.flatMap((q) => q.context.map(([title, sentences]) => [title, sentences.join('')] as const)));
  await insertDocuments(server, [...paragraphs].map(([title, content]) => ({ title, content })));
  return server;
}

async function titlesFound(server: TestServer, question: string): Promise<string[]> {
  const { body } = await server.json<{ chunks: { title: string }[] }>('POST', '/query', { body: { query: question, include_summary: false } });
  return body.chunks.map((c) => c.title);
}

/** How many questions get both of their passages among the retrieved chunks. */
async function bothFound(server: TestServer): Promise<number> {
  let found = 0;
  for (const q of QUESTIONS) {
    const titles = new Set(await titlesFound(server, q.question));
    if (q.supporting_facts.every(([title]) => titles.has(title))) found++;
  }
  return found;
}

/** How many of the questions' passages are among the first five cited. */
async function goldInTopFive(server: TestServer): Promise<number> {
  let found = 0;
  for (const q of QUESTIONS) {
    const top = new Set((await titlesFound(server, q.question)).slice(0, 5));
    found += new Set(q.supporting_facts.map(([title]) => title).filter((title) => top.has(title))).size;
  }
  return found;
}

describe('two-hop questions and questions that name a page', () => {
  let defaults: TestServer;
  let noBridges: TestServer;
  let noNamedPages: TestServer;
  beforeAll(async () => {
    defaults = await serverWith({});
    noBridges = await serverWith({ bridgePageWeight: 0 });
    noNamedPages = await serverWith({ namedPageWeight: 0 });
  }, 180_000);
  afterAll(async () => {
    await defaults?.close();
    await noBridges?.close();
    await noNamedPages?.close();
  });

  it('finds the passage about the entity the first passage names, which text ranking alone misses', async () => {
    const bridged = await bothFound(defaults);
    const plain = await bothFound(noBridges);
    expect(bridged).toBeGreaterThan(plain);
    expect(bridged / QUESTIONS.length).toBeGreaterThanOrEqual(0.8);
  }, 60_000);

  it('cites the page titled with a name the question uses among the first five', async () => {
    // "Which came first, the forming of The Dandy Warhols or …": the band's own page, not only the
    // album pages whose longer titles hold the same words.
    expect(await goldInTopFive(defaults)).toBeGreaterThan(await goldInTopFive(noNamedPages));
  }, 60_000);
});
