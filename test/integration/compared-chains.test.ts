import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocuments, startTestServer, type TestServer } from '../helpers/test-server';

// A question that compares two chains needs the second hop of each. The directors' pages share no
// word with the question, so only a bridge from the films' pages reaches them; the first film's
// page names more people than the bridges the engine follows, so the second film's director is
// reached only if each of the best pages gets a bridge of its own.
const PAGES: [string, string][] = [
  [
    'The Lantern Keeper',
    'The Lantern Keeper is a 1950 West German comedy film directed by Walter Brenning and starring Anna Berger, Karl Rothmann, Hans Vogler, Lena Moritz, Peter Steinhauer, Maria Langhoff, Otto Krausnick and Eva Brandstetter. Brenning also wrote the script. It was produced by Nordlicht Film at the Wandsbek Studios in Hamburg.',
  ],
  ['Walter Brenning', 'Walter Brenning (14 March 1899 – 1975) was an Austrian screenwriter from Graz who worked mostly in Munich and Vienna.'],
  [
    'Harbour of Silence',
    'Harbour of Silence is a 2008 Assamese drama film directed by Rupam Kalita and starring Bishnu Kharghoria, Nayan Saikia, Moloya Goswami, Jatin Bora, Prastuti Parashar, Arun Nath, Kopil Bora and Zerifa Wahid. Kalita also wrote the songs. It was produced by Brahmaputra Pictures in Guwahati.',
  ],
  ['Rupam Kalita', 'Rupam Kalita (2 February 1972) is a singer and actor from Jorhat in Assam.'],
  ['Anna Berger', 'Anna Berger was a German stage actress of the 1950s.'],
  ['Nordlicht Film', 'Nordlicht Film was a film production company based in Hamburg between 1947 and 1961.'],
];

describe('a question that compares two chains', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await insertDocuments(server, PAGES.map(([title, content]) => ({ title, content })));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('finds the page of each film’s director', async () => {
    const { body } = await server.json<{ chunks: { title: string }[] }>('POST', '/query', {
      body: { query: "Who was born earlier: the director of the 1950 film 'The Lantern Keeper' or the director of 'Harbour of Silence'?", include_summary: false },
    });
    const titles = body.chunks.map((c) => c.title);
    expect(titles).toContain('Walter Brenning');
    expect(titles).toContain('Rupam Kalita');
  }, 30_000);
});
