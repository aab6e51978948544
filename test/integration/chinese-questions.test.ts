/**
 * A user who asks in Chinese about Chinese documents (XQuAD's professional translation): answered
 * from the paragraph that holds the answer, not refused. Chinese is indexed as character bigrams,
 * and before the gate judged only the bigrams that are words, two in five such questions were
 * refused ("Not in your knowledge base") although the search had found the paragraph.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xquadArticles } from '../helpers/real-data';
import { insertDocuments, startTestServer, type TestServer } from '../helpers/test-server';

interface Answer {
  insufficient_coverage?: boolean;
  chunks: { title: string; text: string }[];
}

const articles = xquadArticles('zh').slice(0, 4);
const paragraphs = articles.flatMap((a) => a.paragraphs.map((p, i) => ({ title: `${a.title} ${i}`, text: p.context, questions: p.qas.slice(0, 3) })));

describe('questions in Chinese about Chinese documents', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await insertDocuments(server, paragraphs.map((p) => ({ content: p.text, title: p.title })));
  }, 120_000);
  afterAll(() => server.close());

  it('answers them from the paragraph that holds the answer, refusing almost none', async () => {
    const asked = paragraphs.flatMap((p) => p.questions.map((q) => ({ question: q.question, answer: q.answers[0]?.text ?? '', title: p.title })));
    let refused = 0;
    let found = 0;
    for (const q of asked) {
      const { body } = await server.json<Answer>('POST', '/query', { body: { query: q.question, include_summary: false } });
      if (body.insufficient_coverage) refused++;
      else if (body.chunks.slice(0, 3).some((c) => c.title === q.title)) found++;
    }
    expect(asked.length).toBeGreaterThan(40);
    expect({ refused, of: asked.length }).toEqual({ refused: expect.toSatisfy((n: number) => n <= asked.length * 0.05), of: asked.length });
    expect(found / asked.length).toBeGreaterThanOrEqual(0.85);
  }, 120_000);

  it('still refuses a question on a subject none of the documents touches', async () => {
    const { body } = await server.json<Answer>('POST', '/query', { body: { query: '秘鲁的首都叫什么名字？', include_summary: false } });
    expect(body.insufficient_coverage).toBe(true);
  });
});
