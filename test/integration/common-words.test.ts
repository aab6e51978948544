/**
 * Words in more than a twentieth of the passages are left out of the first text search, which
 * they would make score most of the index. When the question's rarer words find few passages, the
 * common ones still say where to look: a shop's street, named in most of its documents, is what
 * a question about getting in there asks about when no passage says "wheelchair".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocuments, startTestServer, type TestServer } from '../helpers/test-server';

const ITEMS = ['flour', 'milk', 'eggs', 'butter', 'coffee beans', 'sugar', 'cream', 'yeast', 'boxes', 'napkins'];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Notes for two shops, "Harbour Road" and "Station Lane", each named in more than 50 of them. */
function shopNotes(street: string, count: number): { title: string; content: string }[] {
  return Array.from({ length: count }, (_, i) => ({
    title: `${street} note ${i + 1}`,
    content: `The ${street} shop takes its ${ITEMS[i % ITEMS.length] ?? ''} delivery on ${DAYS[i % DAYS.length] ?? ''}, batch ${i + 1}.`,
  }));
}

describe('a question whose rarer words find few passages', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await insertDocuments(server, [
      ...shopNotes('Harbour Road', 55),
      ...shopNotes('Station Lane', 55),
      { title: 'Cake orders', content: "A birthday cake for someone's mum needs three days' notice." },
      { title: 'Access', content: 'Harbour Lane has one step at the front door: ring the bell and staff bring out the portable ramp.' },
    ]);
  }, 120_000);
  afterAll(() => server.close());

  it('is still searched under its common words, and finds the passage that holds them together', async () => {
    const { body } = await server.json<{ chunks: { title: string }[] }>('POST', '/query', { body: { query: "Can my mum's wheelchair get into Harbour Lane?", include_summary: false } });
    expect(body.chunks.slice(0, 3).map((c) => c.title)).toContain('Access');
  });
});
