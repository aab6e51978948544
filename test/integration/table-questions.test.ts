import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { sharedFile, uploadFile, waitForUpload } from '../helpers/uploads';

interface QueryBody {
  summary: string;
  insufficient_coverage?: boolean;
  sources: { title: string; chunk_id: string; row: number | null }[];
  chunks: { text: string }[];
}

/**
 * A table question in the user's words rather than the table's: vega-airports.csv writes the state
 * as "AK", the user says "Alaska". Answering it needs the question's words mapped to the table's
 * (WordNet synonyms, lexicon port), then the rows listed from their values.
 */
describe('a question about a table, in other words than the table’s', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    const res = await uploadFile(server, sharedFile('csv/vega-airports.csv', 'text/csv'));
    expect((await waitForUpload(server, String(res.body.upload_id), 100_000)).status).toBe('completed');
  }, 120_000);
  afterAll(() => server.close());

  it('answers "Which airports are in Alaska?" with Alaskan airports from their rows', async () => {
    const { status, body } = await server.json<QueryBody>('POST', '/query', { body: { query: 'Which airports are in Alaska?' } });
    expect(status).toBe(200);
    expect(body.insufficient_coverage).toBeUndefined();
    expect(body.summary.startsWith('From “vega-airports.csv”:\n- ')).toBe(true);
    const listed = body.summary.split('\n').filter((line) => line.startsWith('- '));
    expect(listed.length).toBeGreaterThanOrEqual(3);
    for (const line of listed) {
      expect(line).toMatch(/\bAK\b.*\) \[\d+\]$/u);
      const n = Number(/\[(\d+)\]$/u.exec(line)?.[1]);
      expect(body.chunks[n - 1]?.text).toContain('state: AK');
    }
    expect(body.sources.length).toBe(listed.length);
  });
});

/**
 * A date asked as a person writes it, over a table that writes it in ISO form: the year and month
 * are in hundreds of vega-seattle-weather.csv's 1,461 rows, so only the date as a whole finds its row.
 */
describe('a question about a day of a table of days', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    const res = await uploadFile(server, sharedFile('csv/vega-seattle-weather.csv', 'text/csv'));
    expect((await waitForUpload(server, String(res.body.upload_id), 100_000)).status).toBe('completed');
  }, 120_000);
  afterAll(() => server.close());

  it.each([
    ['How much did it rain in Seattle on 3 March 2014?', 'date: 2014-03-03;'],
    ['what was the weather on Oct 31 2013', 'date: 2013-10-31;'],
    ['What was the high on 2015-07-04?', 'date: 2015-07-04;'],
  ])('"%s" cites the row of that day first', async (query, row) => {
    const { status, body } = await server.json<QueryBody>('POST', '/query', { body: { query } });
    expect(status).toBe(200);
    expect(body.insufficient_coverage).toBeUndefined();
    expect(body.chunks[0]?.text).toContain(row);
  });
});
