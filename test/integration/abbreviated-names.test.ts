/**
 * A user's shorthand for a name their notes write in full: "HL" for the Harbour Lane shop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocuments, startTestServer, type TestServer } from '../helpers/test-server';

const NOTES: [string, string][] = [
  ['Sunday hours, first shop', 'On Sundays Mill Street opens at 7:00 and closes at 15:00; the bread is out by 7:30.'],
  ['Sunday hours, second shop', 'On Sundays Harbour Lane opens at 9:30 and closes at 14:00; the bread comes over by van.'],
  ['Rota notes', 'Aga runs Harbour Lane on weekdays. Priya covers Mill Street when Marta is away.'],
  ['Deliveries', 'The van leaves Mill Street at 6:45 for Harbour Lane. Flour for Mill Street comes on Tuesdays.'],
  ['Incidents', 'The Harbour Lane freezer door was not shut after a delivery on 4 March. Harbour Lane staff rechecked it at 07:30.'],
];

interface Answer {
  insufficient_coverage?: boolean;
  chunks: { title: string; text: string }[];
}

describe('abbreviated names', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await insertDocuments(server, NOTES.map(([title, content]) => ({ title, content })));
  }, 60_000);
  afterAll(() => server.close());

  const ask = async (query: string): Promise<Answer> => (await server.json<Answer>('POST', '/query', { body: { query, include_summary: false } })).body;

  it('reads initials the notes never write as the name they keep mentioning', async () => {
    const answer = await ask('What time does HL open on Sundays?');
    expect(answer.insufficient_coverage).toBeUndefined();
    expect(answer.chunks[0]?.title).toBe('Sunday hours, second shop');
    expect((await ask('Was anything wrong with the HL freezer?')).chunks[0]?.title).toBe('Incidents');
    // Spelled out by the other shop's initials, the same question finds the other shop.
    expect((await ask('What time does MS open on Sundays?')).chunks[0]?.title).toBe('Sunday hours, first shop');
  });
});
