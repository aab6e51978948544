import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { uploadFile, uploadShared, waitForUpload } from '../helpers/uploads';

interface QueryBody {
  summary: string;
  insufficient_coverage?: boolean;
  sources: { title: string; chunk_id: string; row: number | null }[];
  chunks: { text: string }[];
}

/**
 * A table question in the user's words rather than the table's: vega-airports.csv writes the state
 * as "AK", the user says "Alaska". Answering it needs the question's words mapped to the table's
 * (WordNet synonyms, lexicon port), then the rows listed from their values. A note beside it says
 * "Hawaii" in full, so the base holds that word and must still look it up as "HI".
 */
describe('a question about a table, in other words than the table’s', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    expect((await uploadShared(server, 'csv/vega-airports.csv', 'text/csv')).status).toBe('completed');
    const note = new File(['Trip notes. We flew to Hawaii in June and spent a week on Maui, mostly at the beach.'], 'trip-notes.txt', { type: 'text/plain' });
    const upload = await uploadFile(server, note);
    expect((await waitForUpload(server, String(upload.body.upload_id))).status).toBe('completed');
  }, 120_000);
  afterAll(() => server.close());

  it.each([
    ['Which airports are in Alaska?', 'AK'],
    // "many" is asked, not searched for: Hart airport is in a town called Many, LA.
    ['How many airports does Alaska have?', 'AK'],
    ['Which airports are in Hawaii?', 'HI'],
  ])('answers "%s" with the airports of that state, from their rows', async (query, state) => {
    const { status, body } = await server.json<QueryBody>('POST', '/query', { body: { query } });
    expect(status).toBe(200);
    expect(body.insufficient_coverage).toBeUndefined();
    expect(body.summary.startsWith('From “vega-airports.csv”:\n- ')).toBe(true);
    const listed = body.summary.split('\n').filter((line) => line.startsWith('- '));
    expect(listed.length).toBeGreaterThanOrEqual(3);
    for (const line of listed) {
      expect(line).toMatch(new RegExp(String.raw`\b${state}\b.*\) \[\d+\]$`, 'u'));
      const n = Number(/\[(\d+)\]$/u.exec(line)?.[1]);
      expect(body.chunks[n - 1]?.text).toContain(`state: ${state}`);
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
    expect((await uploadShared(server, 'csv/vega-seattle-weather.csv', 'text/csv')).status).toBe('completed');
  }, 120_000);
  afterAll(() => server.close());

  it.each([
    ['How much did it rain in Seattle on 3 March 2014?', 'date: 2014-03-03;'],
    ['what was the weather on Oct 31 2013', 'date: 2013-10-31;'],
    ['What was the high on 2015-07-04?', 'date: 2015-07-04;'],
    ['What was the weather like in Seattle on Christmas Day 2014?', 'date: 2014-12-25;'],
  ])('"%s" cites the row of that day first', async (query, row) => {
    const { status, body } = await server.json<QueryBody>('POST', '/query', { body: { query } });
    expect(status).toBe(200);
    expect(body.insufficient_coverage).toBeUndefined();
    expect(body.chunks[0]?.text).toContain(row);
  });

  it('shows the value of the column asked about, though the table shortens its name', async () => {
    const { status, body } = await server.json<QueryBody>('POST', '/query', { body: { query: 'What was the maximum temperature in Seattle on 2015-07-04?' } });
    expect(status).toBe(200);
    expect(body.summary).toMatch(/^- 2015-07-04 \(.*temp_max 33\.3.*\) \[1\]$/mu);
  });

  it('shows the value of the column a question names by a word of its kind ("rain" for precipitation)', async () => {
    const { status, body } = await server.json<QueryBody>('POST', '/query', { body: { query: 'How much rain fell in Seattle on 3 March 2014?' } });
    expect(status).toBe(200);
    expect(body.summary).toMatch(/^- 2014-03-03 \(.*precipitation 10\.7.*\) \[1\]$/mu);
  });

  it('lists only the row of the day asked about, not rows that share its numbers', async () => {
    const { status, body } = await server.json<QueryBody>('POST', '/query', { body: { query: 'What was the weather in Seattle on 25 December 2014?' } });
    expect(status).toBe(200);
    expect(body.summary.split('\n').filter((line) => line.startsWith('- '))).toEqual([expect.stringMatching(/^- 2014-12-25 \(.*\) \[1\]$/u)]);
  });

  it.each([
    ['What was the weather like in Seattle in July 2015?', /date: 2015-07-\d\d;/u],
    ['Did it rain in Seattle in March 2014?', /date: 2014-03-\d\d;/u],
  ])('answers "%s", a question about a month of a year, from that month’s rows', async (query, month) => {
    const { status, body } = await server.json<QueryBody>('POST', '/query', { body: { query } });
    expect(status).toBe(200);
    expect(body.insufficient_coverage).toBeUndefined();
    expect(body.chunks.length).toBeGreaterThanOrEqual(3);
    for (const chunk of body.chunks) expect(chunk.text).toMatch(month);
  });
});

/**
 * The question's rarest word only in long rows, beside a commoner one many times in short passages:
 * "Which countries use the euro?" over country-codes.csv (the currency in 36 rows of 56 columns),
 * a handbook full of "use …" tips, a paper and stories that use things too, and a table of 1,461
 * short rows. One BM25 over all the words filled every candidate place with passages that say
 * "use"; the rows holding "Euro" must still be found.
 */
describe('a question whose rarest word is in long rows only', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    for (const [path, type] of [
      ['csv/country-codes.csv', 'text/csv'],
      ['csv/vega-seattle-weather.csv', 'text/csv'],
      ['markdown/system-design-primer_README.md', 'text/markdown'],
      ['pdf/tracemonkey.pdf', 'application/pdf'],
      ['pdf/pdkids.pdf', 'application/pdf'],
    ] as const) {
      expect((await uploadShared(server, path, type)).status).toBe('completed');
    }
  }, 180_000);
  afterAll(() => server.close());

  it('answers "Which countries use the euro?" from the rows whose currency is the euro', async () => {
    const { status, body } = await server.json<QueryBody>('POST', '/query', { body: { query: 'Which countries use the euro?' } });
    expect(status).toBe(200);
    expect(body.insufficient_coverage).toBeUndefined();
    expect(body.sources[0]?.title).toBe('country-codes.csv');
    const rows = body.chunks.filter((c) => c.text.includes('ISO4217-currency_name: Euro;'));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(body.chunks[0]?.text).toContain('ISO4217-currency_name: Euro;');
  });
});
