import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChunkOut, SourceRef } from '../../src/shared/api-types';
import { SHARED_DATA } from '../helpers/real-data';
import { EXTRACT_WORKERS, startTestServer, type TestServer } from '../helpers/test-server';
import { sharedFile, uploadFile, type UploadStatus } from '../helpers/uploads';
import { CORPUS, caseName, type CorpusCase, type Passage } from './upload-corpus-expectations';

// Every shared PDF, CSV and Markdown file goes through POST /upload on one server, with the
// parser's real limits. OCR dominates: TAMReview.pdf has 21 scanned pages and issue12963.pdf 8
// (about 7 s a page on 2 cores), so this file gets minutes where other tests get 30 s. The
// parser's own clocks (60 s for the text layers, 60 s per OCR page) bound every file; the
// overall wait below only catches a file the clocks failed to stop.
const ALL_UPLOADS_MS = 25 * 60_000;
const HEALTH_EVERY_MS = 250;

interface ChunkDetail {
  chunk_id: string;
  document_id: string;
  title: string;
  text: string;
  page: number | null;
  section: string | null;
  row: number | null;
}
interface QueryBody {
  summary: string;
  insufficient_coverage?: boolean;
  sources: SourceRef[];
  chunks: ChunkOut[];
}

const loose = (text: string): string => text.replace(/\s+/gu, ' ').trim();

describe('every shared PDF, CSV and Markdown file through POST /upload', () => {
  let server: TestServer;
  const uploads = new Map<CorpusCase, { id: string; status: UploadStatus }>();
  const health: { status: number; healthy: boolean; at: number }[] = [];
  let poller: NodeJS.Timeout | undefined;
  let uploadsDone = 0;

  /** Polls /health on its own clock, the way a watching client would, for the whole run. */
  const pollHealth = (): void => {
    let inFlight = false;
    poller = setInterval(() => {
      if (inFlight) return;
      inFlight = true;
      void server
        .request('GET', '/health', { key: null })
        .then(async (res) => {
          const body = (await res.json()) as { status?: string };
          health.push({ status: res.status, healthy: body.status === 'healthy', at: Date.now() });
        })
        .catch(() => health.push({ status: 0, healthy: false, at: Date.now() }))
        .finally(() => (inFlight = false));
    }, HEALTH_EVERY_MS);
  };

  /** One status request per pending upload per round, so polling never crowds out the work. */
  const waitForAll = async (accepted: [CorpusCase, string][]): Promise<void> => {
    const pending = new Map(accepted);
    const deadline = Date.now() + ALL_UPLOADS_MS;
    while (pending.size > 0 && Date.now() < deadline) {
      for (const [c, id] of pending) {
        const { body } = await server.json<UploadStatus>('GET', `/upload/${id}/status`);
        if (body.status === 'processing') continue;
        uploads.set(c, { id, status: body });
        pending.delete(c);
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    uploadsDone = Date.now();
    for (const [c, id] of pending) uploads.set(c, { id, status: { upload_id: id, status: 'processing' } as UploadStatus });
  };

  beforeAll(async () => {
    // Extraction on worker threads, as `npm start` runs it, so /health competes with what a user's server does.
    server = await startTestServer({}, undefined, EXTRACT_WORKERS);
    pollHealth();
    const accepted: [CorpusCase, string][] = [];
    for (const c of CORPUS) {
      const res = await uploadFile(server, sharedFile(c.path), c.password === undefined ? {} : { password: c.password });
      expect(res.status, caseName(c)).toBe(200);
      accepted.push([c, String(res.body.upload_id)]);
    }
    await waitForAll(accepted);
  }, ALL_UPLOADS_MS + 60_000);

  afterAll(async () => {
    clearInterval(poller);
    await server?.close();
  });

  /**
   * Finds the passage through a question scoped to its upload, then opens the cited chunk. A
   * passage printed on several pages (a running header) is looked for on the expected one.
   */
  async function locate(uploadId: string, passage: Passage): Promise<ChunkDetail | undefined> {
    const { body } = await server.json<QueryBody>('POST', '/query', {
      body: { query: passage.query ?? passage.text, conversation_upload_ids: [uploadId], include_summary: false },
    });
    const hits = body.chunks.filter((c) => loose(c.text).includes(loose(passage.text)));
    const hit = hits.find((c) => c.page === (passage.page ?? null) && c.row === (passage.row ?? null)) ?? hits[0];
    if (!hit) return undefined;
    return (await server.json<ChunkDetail>('GET', `/chunks/${hit.chunk_id}`)).body;
  }

  const completed = (path: string): { id: string; status: UploadStatus } => {
    const found = [...uploads].find(([c]) => c.path === path && c.password === undefined)?.[1];
    if (found?.status.status !== 'completed') throw new Error(`${path} did not complete: ${JSON.stringify(found?.status)}`);
    return found;
  };

  it('has an expectation for every file under pdf/, csv/ and markdown/', () => {
    const files = ['pdf', 'csv', 'markdown'].flatMap((dir) => readdirSync(`${SHARED_DATA}${dir}`).map((name) => `${dir}/${name}`));
    expect(new Set(CORPUS.map((c) => c.path))).toEqual(new Set(files));
  });

  it.each(CORPUS.map((c) => [caseName(c), c] as const))('%s', async (_name, c) => {
    const upload = uploads.get(c);
    expect(upload, 'accepted').toBeDefined();
    const { id, status } = upload ?? { id: '', status: {} as UploadStatus };
    if (c.outcome === 'failed') {
      expect(status.status).toBe('failed');
      expect(status.error_details).toMatchObject({ code: c.reason, stage: 'parsing' });
      expect(status.error_details?.message).toMatch(c.message);
      expect(status.document_id).toBeUndefined();
      return;
    }
    expect(status.status, JSON.stringify(status.error_details)).toBe('completed');
    expect(status.chunks_created).toBeGreaterThan(0);
    const doc = await server.json<{ title: string; chunk_count: number; metadata: { ocr_pages?: number[]; warnings?: string[] } }>(
      'GET',
      `/documents/${status.document_id}`,
    );
    expect(doc.body.chunk_count).toBe(status.chunks_created);
    expect(doc.body.title).toBe(c.title ?? c.path.split('/').at(-1));
    // OCR only where the text layer was missing or unreadable, and the document says which pages.
    expect(doc.body.metadata.ocr_pages).toEqual(c.ocrPages);
    if (c.warning) expect(doc.body.metadata.warnings?.join('\n')).toMatch(c.warning);
    for (const passage of c.passages) {
      const chunk = await locate(id, passage);
      expect(chunk, `"${passage.text}" not found`).toBeDefined();
      expect(chunk?.document_id).toBe(status.document_id);
      expect({ page: chunk?.page, row: chunk?.row }, passage.text).toEqual({ page: passage.page ?? null, row: passage.row ?? null });
      if (passage.section !== undefined) expect(chunk?.section).toBe(passage.section);
    }
  });

  it('kept answering /health while the files were parsed, OCR included', () => {
    const during = health.filter((h) => h.at <= uploadsDone);
    // A poll every 250 ms over minutes of parsing: far more than 20 answers unless the server stalled.
    expect(during.length).toBeGreaterThan(20);
    expect(health.every((h) => h.status === 200 && h.healthy)).toBe(true);
    const gaps = during.slice(1).map((h, i) => h.at - (during[i]?.at ?? h.at));
    console.info(`/health: ${health.length} answers, longest gap ${Math.max(0, ...gaps)} ms`);
  });

  it('reads tracemonkey.pdf column by column: sentences that run beside the other column come out whole', async () => {
    const { id } = completed('pdf/tracemonkey.pdf');
    // Each sentence spans two to four lines of one column, with the neighbouring column's lines
    // printed at the same heights (pdftotext -layout shows them side by side), and some are
    // hyphenated at line ends ("com-pile", "ac-tual", "implemen-tation").
    const sentences: Passage[] = [
      { page: 1, text: 'Dynamic languages such as JavaScript are more difficult to compile than statically typed ones.' },
      {
        page: 1,
        text: 'We present an alternative compilation technique for dynamically-typed languages that identifies frequently executed loop traces at run-time and then generates machine code on the fly that is specialized for the actual dynamic types occurring on each path through the loop.',
      },
      {
        page: 2,
        text: 'Hence, recording and compiling a trace speculates that the path and typing will be exactly as they were during recording for subsequent iterations of the loop.',
      },
      { page: 5, text: 'The interpreter uses integer representations as much as it can, switching for results that can only be represented as doubles.' },
      { page: 9, text: 'At a side exit, the exiting trace only needs to write live register-carried values back to its trace activation record.' },
      { page: 13, text: 'Most programs where the VM spends the majority of its time running native code have a good speedup.' },
    ];
    for (const sentence of sentences) {
      const chunk = await locate(id, sentence);
      expect(chunk, sentence.text).toBeDefined();
      expect(chunk?.page).toBe(sentence.page);
    }
  });

  it('turns the ligature glyphs of copy_paste_ligatures.pdf into plain letters', async () => {
    const { id } = completed('pdf/copy_paste_ligatures.pdf');
    const chunk = await locate(id, { text: 'abcdeffffiflffifflststghijklmno' });
    expect(chunk?.text).toBe('abcdeffffiflffifflststghijklmno');
    expect(chunk?.text).not.toMatch(/[\uFB00-\uFB06\u017F]/u);
    // The same holds for a long paper set in a font with fi/fl/ff ligatures.
    const paper = await server.json<QueryBody>('POST', '/query', {
      body: { query: 'efficient specialized floating-point', conversation_upload_ids: [completed('pdf/tracemonkey.pdf').id], include_summary: false },
    });
    expect(paper.body.chunks.length).toBeGreaterThan(0);
    expect(paper.body.chunks.some((c) => /efficient|specialized|floating/u.test(c.text))).toBe(true);
    expect(paper.body.chunks.every((c) => !/[\uFB00-\uFB06]/u.test(c.text))).toBe(true);
  });

  it('answers questions with sources that point to the page, row or heading', async () => {
    const ask = async (query: string): Promise<QueryBody> => (await server.json<QueryBody>('POST', '/query', { body: { query } })).body;
    const cases: { query: string; title: string; where: Partial<Pick<SourceRef, 'page' | 'row' | 'section'>> }[] = [
      // A page that exists only as a scan inside TAMReview.pdf: cited through its OCR text.
      {
        query: 'Where did Fred Davis propose the Technology Acceptance Model in his doctoral thesis?',
        title: 'Overview of the Technology Acceptance Model: Origins, Developments and Future Directions',
        where: { page: 2 },
      },
      { query: 'Which two representations for numbers does TraceMonkey support?', title: 'tracemonkey.pdf', where: { page: 5 } },
      // Most PDFs here are titled by their file name; its ".pdf" is not searched, or every passage
      // of them would hold "pdf" and the paper's many "JS" outrank the page about PDF.js.
      { query: 'What is PDF.js?', title: 'PDF.js - Wikipedia', where: { page: 1 } },
      { query: 'Which airport has the IATA code HAF?', title: 'vega-airports.csv', where: { row: 1689 } },
      {
        query: 'Why is federation not effective for huge functions or tables?',
        title: 'The System Design Primer',
        where: { section: 'The System Design Primer > Database > Relational database management system (RDBMS) > Federation > Disadvantage(s): federation' },
      },
      { query: 'What is the turbofish used for with generic parameters?', title: 'Appendix B: Operators and Symbols', where: { section: 'Appendix B: Operators and Symbols > Non-operator Symbols' } },
    ];
    for (const { query, title, where } of cases) {
      const body = await ask(query);
      expect.soft(body.insufficient_coverage, query).toBeUndefined();
      const first = body.sources[0];
      expect.soft(first?.title, query).toBe(title);
      expect.soft(first, query).toMatchObject(where);
    }
  });
});
