import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KbClient } from '../../src/client/index';
import { ApiError } from '../../src/client/errors';
import { articleText, xquadArticles } from '../helpers/real-data';
import { startListeningServer, type ListeningServer } from '../helpers/listening-server';
import { runKb } from '../helpers/run-kb';

const CURIE = [
  'Marie Curie was a Polish physicist. She was born in Warsaw in 1867.',
  'Curie discovered polonium with Pierre Curie, her husband.',
  'The Curie Institute in Paris was founded by Marie Curie.',
].join(' ');

describe('GET /documents/{id}/facts: every fact read from a document, with its sentence', { timeout: 120_000 }, () => {
  let server: ListeningServer;
  let client: KbClient;
  let curie = '';
  let article = '';

  beforeAll(async () => {
    server = await startListeningServer();
    client = new KbClient({ baseUrl: server.url, apiKey: server.ownerKey });
    const insert = async (content: string, title: string): Promise<string> => {
      const job = await client.waitForJob((await client.insert({ content, title })).job_id, { intervalMs: 50 });
      return job.data?.document_id ?? '';
    };
    curie = await insert(CURIE, 'Curie');
    const rhine = xquadArticles().find((a) => a.title === 'Rhine');
    if (!rhine) throw new Error('the Rhine article is missing from the XQuAD data');
    article = await insert(articleText(rhine), 'Rhine');
  });
  afterAll(() => server.close());

  it('gives each fact in the query shape with the sentence that states it', async () => {
    const page = await client.documentFacts(curie);
    expect(page.total).toBe(page.facts.length);
    expect(page.total).toBe((await client.getDocument(curie)).fact_count);
    const born = page.facts.find((f) => f.subject === 'Marie Curie' && f.predicate === 'born in' && f.object === 'Warsaw');
    expect(born).toMatchObject({ kind: 'relationship', source: { document_id: curie, title: 'Curie' } });
    expect(born?.sentence).toBe('She was born in Warsaw in 1867.');
    const discovered = page.facts.find((f) => f.predicate === 'discovered' && f.object === 'polonium');
    expect(discovered?.sentence).toBe('Curie discovered polonium with Pierre Curie, her husband.');
    for (const f of page.facts) {
      expect(f.fact_id).toMatch(/^fact_/);
      expect(CURIE).toContain(f.sentence);
      // The offsets point at the same sentence inside the cited chunk.
      const chunk = await client.getChunk(f.source.chunk_id);
      expect(chunk.text.slice(f.source.sentence_start, f.source.sentence_end).trim()).toBe(f.sentence);
    }
  });

  it('pages through a long document in reading order without repeats or gaps', async () => {
    const first = await client.documentFacts(article, { limit: 200 });
    expect(first.total).toBeGreaterThan(3);
    const seen: string[] = [];
    for (let offset = 0; offset < first.total; offset += 2) {
      const page = await client.documentFacts(article, { limit: 2, offset });
      expect(page).toMatchObject({ limit: 2, offset, total: first.total });
      seen.push(...page.facts.map((f) => f.fact_id));
    }
    expect(seen).toEqual(first.facts.slice(0, seen.length).map((f) => f.fact_id));
    expect(new Set(seen).size).toBe(first.total);
    // Reading order: a later fact never comes from an earlier sentence of the same chunk.
    const text = articleText(xquadArticles().find((a) => a.title === 'Rhine') ?? { title: '', paragraphs: [] });
    const positions = first.facts.map((f) => text.indexOf(f.sentence));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('answers 404 for an unknown document and 400 for a bad page', async () => {
    await expect(client.documentFacts('doc_missing')).rejects.toBeInstanceOf(ApiError);
    const res = await fetch(`${server.url}/documents/${curie}/facts?limit=0`, { headers: { Authorization: `Bearer ${server.ownerKey}` } });
    expect(res.status).toBe(400);
    const missing = await fetch(`${server.url}/documents/doc_missing/facts`, { headers: { Authorization: `Bearer ${server.ownerKey}` } });
    expect(missing.status).toBe(404);
  });

  it('prints the facts with their sentences from the command line', async () => {
    const run = await runKb(['documents', 'facts', curie], { url: server.url, key: server.ownerKey });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Marie Curie born in Warsaw {2}0\.\d\d$/m);
    expect(run.stdout).toContain('  She was born in Warsaw in 1867.');
    expect(run.stderr).toMatch(/^\d+ of \d+ facts$/m);
  });
});
