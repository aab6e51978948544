import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { sharedFile, uploadShared } from '../helpers/uploads';

interface QueryBody {
  summary: string;
  insufficient_coverage?: boolean;
  metadata: { model: string };
  sources: { title: string; chunk_id: string; row: number | null }[];
  chunks: { chunk_id: string; text: string; title: string }[];
}

/** The answer's quoted items: each line's text before its `[n]`, with n. */
function citedItems(summary: string): { text: string; n: number }[] {
  const items: { text: string; n: number }[] = [];
  for (const line of summary.split('\n')) {
    let last = 0;
    for (const m of line.matchAll(/\[(\d+)\]/gu)) {
      items.push({ text: line.slice(last, m.index).replace(/^- /u, '').trim(), n: Number(m[1]) });
      last = (m.index ?? 0) + m[0].length;
    }
  }
  return items;
}

describe('extractive answers a person can read', () => {
  let server: TestServer;
  let ownership = '';

  beforeAll(async () => {
    server = await startTestServer();
    ownership = new TextDecoder().decode(await sharedFile('markdown/rust-book_ch04-01-what-is-ownership.md').arrayBuffer());
    for (const [path, type] of [
      ['markdown/rust-book_ch04-01-what-is-ownership.md', ''],
      ['markdown/rust-book_appendix-02-operators.md', ''],
      ['csv/vega-airports.csv', 'text/csv'],
    ] as const) {
      expect((await uploadShared(server, path, type)).status).toBe('completed');
    }
  }, 120_000);
  afterAll(() => server.close());

  const ask = async (query: string): Promise<QueryBody> => {
    const { status, body } = await server.json<QueryBody>('POST', '/query', { body: { query } });
    expect(status).toBe(200);
    expect(body.metadata.model).toBe('extractive');
    return body;
  };

  it('quotes whole sentences of prose, never code or template directives, under the document’s title', async () => {
    for (const query of ['What does ownership mean?', 'What is the stack and the heap?', 'What happens when a variable goes out of scope?']) {
      const body = await ask(query);
      expect(body.insufficient_coverage, query).toBeUndefined();
      expect(body.summary.startsWith('From “What Is Ownership?”:\n'), query).toBe(true);
      expect(body.summary, query).not.toMatch(/```|\{\{#|<!--|rustdoc_include/u);
      const items = citedItems(body.summary);
      expect(items.length, query).toBeGreaterThan(0);
      for (const { text, n } of items) {
        // A whole sentence: starts like one, ends like one, and is the book's own words.
        expect(text, query).toMatch(/^[A-Z`“"]/u);
        expect(text, query).toMatch(/[.!]$/u);
        const words = text.replace(/`/gu, '').split(/\s+/u);
        expect(ownership.replace(/[`*_]/gu, '').replace(/\s+/gu, ' '), `${query}: ${text}`).toContain(words.slice(0, 6).join(' '));
        expect(body.chunks[n - 1]?.title).toBe('What Is Ownership?');
      }
      expect(body.sources.every((s) => s.title === 'What Is Ownership?')).toBe(true);
    }
  });

  it('reads a sentence whole when the cited passage starts in its middle', async () => {
    // Chunks follow paragraphs, so only a paragraph longer than a chunk is cut inside: small
    // chunks make the book's paragraphs that long.
    const small = await startTestServer({ chunking: { targetChars: 150, overlapChars: 70 } });
    try {
      expect((await uploadShared(small, 'markdown/rust-book_ch04-01-what-is-ownership.md')).status).toBe('completed');
      const { body } = await small.json<QueryBody>('POST', '/query', { body: { query: 'What is the stack and the heap?' } });
      const cut = body.chunks.filter((c) => /^[a-z(]/u.test(c.text));
      expect(cut.length).toBeGreaterThan(0);
      const source = ownership.replace(/^> ?/gmu, '').replace(/[`*_]/gu, '').replace(/\s+/gu, ' ');
      const items = citedItems(body.summary);
      expect(items.length).toBeGreaterThan(0);
      for (const { text } of items) {
        expect(text).toMatch(/^[A-Z`“"]/u);
        expect(text).toMatch(/[.!]$/u);
        expect(source).toContain(text.replace(/`/gu, ''));
      }
      // A quoted sentence begins before the cut passage it was read from.
      const opening = (c: { text: string }): string => c.text.replace(/[`*_]/gu, '').replace(/\s+/gu, ' ').slice(0, 30);
      const whole = items.map((i) => i.text.replace(/`/gu, ''));
      expect(cut.some((c) => whole.some((t) => t.indexOf(opening(c)) > 0))).toBe(true);
    } finally {
      await small.close();
    }
  }, 120_000);

  it('answers a question about a table with the matching rows, written from their values and each cited', async () => {
    const body = await ask('Which airports are in AK?');
    expect(body.insufficient_coverage).toBeUndefined();
    expect(body.summary.startsWith('From “vega-airports.csv”:\n- ')).toBe(true);
    const items = citedItems(body.summary);
    expect(items.length).toBeGreaterThanOrEqual(3);
    for (const { text, n } of items) {
      // "Kotlik (2A9, AK, USA)": the row's name, then its values, the state among them; no "name:" labels.
      expect(text).toMatch(/^[^;:]+ \(.*\bAK\b.*\)$/u);
      const cited = body.chunks[n - 1];
      expect(cited?.text).toContain('state: AK');
      expect(cited?.text).toContain(`name: ${text.slice(0, text.lastIndexOf(' ('))}`);
    }
    expect(body.sources.length).toBe(items.length);
    expect(body.sources.every((s) => s.title === 'vega-airports.csv' && typeof s.row === 'number')).toBe(true);
  });

  it('lists the airports of a city with their codes', async () => {
    const body = await ask('airports in Anchorage');
    expect(body.summary).toContain('Ted Stevens Anchorage International (ANC, Anchorage, AK, USA) [');
    expect(body.summary).toContain('Merrill (MRI, Anchorage, AK, USA) [');
  });

  it('answers from the row of a Markdown table that holds the question’s words', async () => {
    const body = await ask('Which operator is used for error propagation?');
    const row = /^From “Appendix B: Operators and Symbols”:\n- `\?` \(`expr\?`, Error propagation\) \[(\d+)\]/u.exec(body.summary);
    expect(row, body.summary).not.toBeNull();
    expect(body.chunks[Number(row?.[1]) - 1]?.text).toContain('| `?` | `expr?` | Error propagation |');
  });
});
