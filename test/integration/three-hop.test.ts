import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocuments, startTestServer, type TestServer } from '../helpers/test-server';

// A chain of three pages: the album names its label, the label's page names its founder, and the
// founder's page says where he was born. Only the album is named in the question; the founder's
// page shares nothing with it but "born", which a dozen other people's pages share too.
const CHAIN: [string, string][] = [
  ['Glass Orchard', 'Glass Orchard is the debut album of the folk singer Mira Tallis. It came out in 2011 on Quiet Field Records and was recorded in a converted barn.'],
  ['Mira Tallis', 'Mira Tallis is an English folk singer and fiddle player. Her songs draw on the ballads of the Welsh borders.'],
  ['Quiet Field Records', 'Quiet Field Records is an independent record label set up in 1998 by the producer Tomas Hale. Its catalogue is mostly acoustic music.'],
  ['Tomas Hale', 'Tomas Hale (born 1961 in Ostrava) is a record producer and sound engineer.'],
];
const OTHERS = ['Lena Voss', 'Karl Imre', 'Ada Pryce', 'Oskar Lind', 'Nina Falk', 'Piet Moller', 'Rosa Kemp', 'Ivo Sandor', 'Greta Holm', 'Milan Toth', 'Vera Stahl', 'Otto Brandt'];
const CITIES = ['Brno', 'Graz', 'Lyon', 'Turku', 'Bergen', 'Ghent', 'Pisa', 'Split', 'Malmo', 'Cork', 'Linz', 'Kiel'];
const PAGES: [string, string][] = [...CHAIN, ...OTHERS.map((name, i): [string, string] => [name, `${name} (born ${1950 + i} in ${CITIES[i] ?? ''}) is a painter and teacher.`])];

describe('a question three pages away from what it names', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await insertDocuments(server, PAGES.map(([title, content]) => ({ title, content })));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('reaches the page at the end of the chain', async () => {
    const { body } = await server.json<{ chunks: { title: string }[] }>('POST', '/query', {
      body: { query: "Where was the founder of the company that put out 'Glass Orchard' born?", include_summary: false },
    });
    const titles = body.chunks.map((c) => c.title);
    expect(titles).toContain('Quiet Field Records');
    expect(titles).toContain('Tomas Hale');
  }, 30_000);
});
