import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocuments, startTestServer, type TestServer } from '../helpers/test-server';

const PEOPLE = {
  'Marie Curie': 'Marie Curie discovered polonium and radium. She was born in Warsaw in 1867 and worked in Paris.',
  'Ada Lovelace': 'Ada Lovelace wrote the first published algorithm. She was born in London in 1815.',
  'Grace Hopper': 'Grace Hopper built the first compiler. She was born in New York City in 1906.',
};

interface Answer {
  session_id?: string;
  insufficient_coverage?: boolean;
  chunks: { title: string }[];
}

describe('follow-up questions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await insertDocuments(server, Object.entries(PEOPLE).map(([title, content]) => ({ title, content })));
  });
  afterAll(() => server.close());

  const ask = async (body: Record<string, unknown>): Promise<Answer> => (await server.json<Answer>('POST', '/query', { body: { include_summary: false, ...body } })).body;

  it('answers "when was she born?" about the person of the previous turn', async () => {
    const first = await ask({ query: 'Who discovered polonium?', maintain_context: true });
    expect(first.chunks[0]?.title).toBe('Marie Curie');
    const followUp = await ask({ query: 'When was she born?', session_id: first.session_id });
    expect(followUp.chunks[0]?.title).toBe('Marie Curie');

    const other = await ask({ query: 'Who built the first compiler?', maintain_context: true });
    expect((await ask({ query: 'Where was she born?', session_id: other.session_id })).chunks[0]?.title).toBe('Grace Hopper');
    // Thanks for the last answer first, as people write in a chat, changes nothing.
    expect((await ask({ query: 'Thanks! And where was she born?', session_id: other.session_id })).chunks[0]?.title).toBe('Grace Hopper');
  });

  it('leaves a question that names its own subject alone', async () => {
    const first = await ask({ query: 'Who discovered polonium?', maintain_context: true });
    const next = await ask({ query: 'When was Ada Lovelace born?', session_id: first.session_id });
    expect(next.chunks[0]?.title).toBe('Ada Lovelace');
  });

  it('does not answer an unrelated question from the previous turn\'s subject', async () => {
    const first = await ask({ query: 'Who discovered polonium?', maintain_context: true });
    expect(first.insufficient_coverage).toBeUndefined();
    const unrelated = await ask({ query: 'Who won the 1954 football world cup final?', session_id: first.session_id });
    expect(unrelated.insufficient_coverage).toBe(true);
    expect(unrelated.chunks).toEqual([]);
  });
});
