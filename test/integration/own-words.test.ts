/**
 * Questions in a user's own words about their own files (the everyday knowledge base written for
 * bench/quality): answered from the right file, not refused; a question on a subject none of the
 * files touches is refused or marked doubtful.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { uploadFile, waitForUpload } from '../helpers/uploads';

const DOCUMENTS = new URL('../../bench/quality/data/everyday/documents/', import.meta.url);
const FILES = ['lease-apt-4b.md', 'corvel-it-handbook.md', 'family-recipes.md', 'garden-planting-calendar.md', 'medical-plan-summary.md', 'renters-insurance-summary.md', 'bike-maintenance-notes.md', 'home-network-notes.md'];

interface Answer {
  insufficient_coverage?: boolean;
  chunks: { title: string; text: string }[];
  metadata: { coverage: number };
}

describe('questions in the user’s own words', () => {
  let server: TestServer;
  const titles = new Map<string, string>();
  beforeAll(async () => {
    server = await startTestServer();
    for (const name of FILES) {
      const res = await uploadFile(server, new File([readFileSync(new URL(name, DOCUMENTS))], name, { type: 'text/markdown' }));
      const done = await waitForUpload(server, String(res.body.upload_id));
      expect(done.status).toBe('completed');
      const { body } = await server.json<{ title: string }>('GET', `/documents/${String(done.document_id)}`);
      titles.set(name, body.title);
    }
  }, 60_000);
  afterAll(() => server.close());

  const ask = async (query: string): Promise<Answer> => (await server.json<Answer>('POST', '/query', { body: { query, include_summary: false } })).body;

  it.each([
    ['When do I get my deposit back after I move out?', 'lease-apt-4b.md'],
    ['How long are old copies of my work files kept?', 'corvel-it-handbook.md'],
    ['How many courgette plants should I grow?', 'garden-planting-calendar.md'],
  ])('answers "%s" from %s', async (question, file) => {
    const answer = await ask(question);
    expect(answer.insufficient_coverage).toBeUndefined();
    expect(answer.chunks.slice(0, 3).map((c) => c.title)).toContain(titles.get(file));
  });

  // Two of the files are titled "… Summary …", and none says "boss": the sentence before the
  // question says why it is asked, not what about.
  it.each([
    ["Context: I'm putting together a summary for my boss. How high should the saddle be?", 'bike-maintenance-notes.md'],
    ["I'm writing a summary for my manager. Why did the internet cut out early on Sunday morning?", 'home-network-notes.md'],
  ])('answers "%s" from %s, the file the question is about', async (question, file) => {
    const answer = await ask(question);
    expect(answer.insufficient_coverage).toBeUndefined();
    expect(answer.chunks[0]?.title).toBe(titles.get(file));
  });

  it('refuses, or marks as doubtful, a question none of the files is about', async () => {
    const answer = await ask('Which box on Form 1040 do I use to report student loan interest?');
    expect(answer.insufficient_coverage === true || answer.metadata.coverage < 0.5).toBe(true);
  });
});
