/**
 * The coverage gate's second opinion: when a question's words leave it unsure, the bundled sentence
 * encoder (the real model, on its worker thread) judges whether the passages mean what is asked.
 * Asked about the everyday knowledge base written for bench/quality, with questions written for
 * this test (none of them is in a quality set).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, tsxWorker, type TestServer } from '../helpers/test-server';
import { uploadFile, waitForUpload } from '../helpers/uploads';

const DOCUMENTS = new URL('../../bench/quality/data/everyday/documents/', import.meta.url);
const TYPES: Record<string, string> = { csv: 'text/csv', md: 'text/markdown', txt: 'text/plain' };

/** Answerable, but in words the files do not use: the gate is unsure by words alone. */
const ANSWERABLE = ['When do I get my deposit back after I move out?', 'How long are old copies of my work files kept?'];
/** On subjects none of the files is about, though they share a word with one ("holidays", "bicycle"). */
const OFF_TOPIC = ['How many public holidays does Germany have?', 'Who invented the bicycle?'];
/** Where the app, the CLI and the agent tools call an answer a weak match. */
const WEAK_MATCH = 0.15;

interface Answer {
  insufficient_coverage?: boolean;
  metadata: { coverage: number };
}

async function everydayServer(extra: Parameters<typeof startTestServer>[2] = {}): Promise<TestServer> {
  const server = await startTestServer({}, undefined, extra);
  for (const name of readdirSync(DOCUMENTS)) {
    const type = TYPES[name.split('.').at(-1) ?? ''] ?? 'text/plain';
    const res = await uploadFile(server, new File([readFileSync(new URL(name, DOCUMENTS))], name, { type }));
    expect((await waitForUpload(server, String(res.body.upload_id))).status).toBe('completed');
  }
  return server;
}

describe('the sentence encoder as the gate’s second opinion', () => {
  let withEncoder: TestServer;
  let wordsOnly: TestServer;
  let brokenEncoder: TestServer;
  beforeAll(async () => {
    withEncoder = await everydayServer();
    wordsOnly = await everydayServer({ encoder: undefined });
    // A worker whose script cannot load: the gate must go on by words alone.
    brokenEncoder = await everydayServer({ encoder: { script: tsxWorker('./no-such-encoder-worker.ts') } });
  }, 120_000);
  afterAll(async () => {
    await withEncoder.close();
    await wordsOnly.close();
    await brokenEncoder.close();
  });

  const ask = async (server: TestServer, query: string): Promise<Answer> => (await server.json<Answer>('POST', '/query', { body: { query, include_summary: false } })).body;

  it.each(ANSWERABLE)('still answers "%s", which words alone leave doubtful', async (question) => {
    const words = await ask(wordsOnly, question);
    expect(words.metadata.coverage).toBeLessThan(0.6);
    expect((await ask(withEncoder, question)).insufficient_coverage).toBeUndefined();
  });

  it.each(OFF_TOPIC)('judges "%s", which shares words with the files but not what they are about, a weak match at most', async (question) => {
    const words = await ask(wordsOnly, question);
    const meaning = await ask(withEncoder, question);
    expect(words.insufficient_coverage).toBeUndefined();
    expect(meaning.metadata.coverage).toBeLessThan(words.metadata.coverage);
    expect(meaning.metadata.coverage).toBeLessThan(WEAK_MATCH);
  });

  it('judges a question with a typing slip by the words meant, as it judges the question spelt right', async () => {
    for (const [slip, right] of [
      ['When do I get my depsoit back after I move out?', 'When do I get my deposit back after I move out?'],
      ['How long are old coppies of my work files kept?', 'How long are old copies of my work files kept?'],
    ]) {
      const [typed, meant] = await Promise.all([ask(withEncoder, slip ?? ''), ask(withEncoder, right ?? '')]);
      expect(typed.insufficient_coverage).toBeUndefined();
      expect(typed.metadata.coverage).toBeCloseTo(meant.metadata.coverage, 2);
    }
  });

  it('refuses a question its words let through when the passages mean something else', async () => {
    const question = 'How many weeks of holiday do teachers get in France?';
    expect((await ask(wordsOnly, question)).insufficient_coverage).toBeUndefined();
    expect((await ask(withEncoder, question)).insufficient_coverage).toBe(true);
  });

  it('judges by words alone, as if it had no encoder, when the encoder cannot start', async () => {
    for (const question of [...ANSWERABLE, ...OFF_TOPIC, 'Who invented the telephone?']) {
      const [words, broken] = await Promise.all([ask(wordsOnly, question), ask(brokenEncoder, question)]);
      expect(broken.insufficient_coverage).toBe(words.insufficient_coverage);
      expect(broken.metadata.coverage).toBe(words.metadata.coverage);
    }
  });
});
