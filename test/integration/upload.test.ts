import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/core/config';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { sharedFile, uploadFile, waitForUpload as waitUpload } from '../helpers/uploads';

describe('POST /upload', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ limits: { ...DEFAULT_LIMITS, maxUploadBytes: 2_000_000 } });
  });
  afterAll(() => server.close());

  const send = (form: FormData, key: string | null = server.ownerKey): Promise<Response> =>
    server.request('POST', '/upload', { key, rawBody: form });
  const file = sharedFile;
  const upload = (f: File, fields: Record<string, string> = {}) => uploadFile(server, f, fields);
  const waitForUpload = (id: string) => waitUpload(server, id, 100_000);

  it('ingests a Markdown file with chunks that carry their heading path', async () => {
    const res = await upload(file('markdown/rust-book_ch04-01-what-is-ownership.md'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, filename: 'rust-book_ch04-01-what-is-ownership.md', status: 'processing' });
    const done = await waitForUpload(String(res.body.upload_id));
    expect(done.status).toBe('completed');
    expect(done.chunks_created).toBeGreaterThan(5);
    const q = await server.json<{ chunks: { chunk_id: string; text: string }[] }>('POST', '/query', { body: { query: 'What are the ownership rules in Rust?' } });
    const rules = q.body.chunks.find((c) => c.text.includes('Each value in Rust has an owner'));
    expect(rules).toBeDefined();
    const chunk = await server.json<{ section: string | null; title: string }>('GET', `/chunks/${rules?.chunk_id}`);
    expect(chunk.body.section).toMatch(/Ownership Rules$/);
  });

  it('ingests a CSV file with one chunk per row, keeping the row number', async () => {
    const res = await upload(file('csv/vega-airports.csv', 'text/csv'));
    const done = await waitForUpload(String(res.body.upload_id));
    expect(done.status).toBe('completed');
    expect(done.chunks_created).toBe(3376);
    expect(done.facts_extracted).toBeGreaterThan(3376);
    const q = await server.json<{ sources: { chunk_id: string; row: number | null }[] }>('POST', '/query', {
      body: { query: 'Where is the Denver Intl airport?' },
    });
    const chunk = await server.json<{ row: number | null; text: string }>('GET', `/chunks/${q.body.sources[0]?.chunk_id}`);
    expect(chunk.body.text).toContain('Denver Intl');
    // vega-airports.csv lists Denver Intl on data row 1264 (line 1265 of the file).
    expect(chunk.body.row).toBe(1264);
    expect(q.body.sources[0]?.row).toBe(1264);
  }, 120_000);

  it('ingests a PDF with page numbers on its chunks, and reports an encrypted one as needing a password', async () => {
    const res = await upload(file('pdf/tracemonkey.pdf', 'application/pdf'));
    const done = await waitForUpload(String(res.body.upload_id));
    expect(done.status).toBe('completed');
    expect(done.chunks_created).toBeGreaterThan(20);
    const q = await server.json<{ sources: { page: number | null; title: string }[] }>('POST', '/query', {
      body: { query: 'trace-based just-in-time compilation for dynamic languages', conversation_upload_ids: [String(res.body.upload_id)] },
    });
    expect(q.body.sources.length).toBeGreaterThan(0);
    expect(q.body.sources.every((s) => typeof s.page === 'number' && s.page >= 1 && s.page <= 14)).toBe(true);

    const locked = await upload(file('pdf/issue6010_1.pdf'));
    const failed = await waitForUpload(String(locked.body.upload_id));
    expect(failed.status).toBe('failed');
    expect(failed.error_details).toMatchObject({ code: 'password_required', stage: 'parsing' });
    const opened = await upload(file('pdf/issue6010_1.pdf'), { password: 'abc' });
    expect((await waitForUpload(String(opened.body.upload_id))).status).not.toBe('processing');
  }, 120_000);

  it('keeps save_to_memory=false uploads out of ordinary queries, reachable through conversation_upload_ids', async () => {
    const text = new File(['The quokka Quentin lives on Rottnest Island and eats leaves of the shrub Guichenotia.'], 'quokka.txt', { type: 'text/plain' });
    const res = await upload(text, { save_to_memory: 'false' });
    const id = String(res.body.upload_id);
    expect((await waitForUpload(id)).status).toBe('completed');
    const plain = await server.json<{ insufficient_coverage?: boolean; summary: string; chunks: { title: string }[]; metadata: { coverage: number } }>('POST', '/query', { body: { query: 'Where does the quokka Quentin live?' } });
    // The other documents do not say: refused, or at most a doubtful answer from them, never from the upload.
    expect(plain.body.insufficient_coverage === true || plain.body.metadata.coverage < 0.5, `coverage ${plain.body.metadata.coverage}`).toBe(true);
    expect(plain.body.summary).not.toContain('Rottnest');
    expect(plain.body.chunks.map((c) => c.title)).not.toContain('quokka.txt');
    const scoped = await server.json<{ summary: string }>('POST', '/query', { body: { query: 'Where does the quokka Quentin live?', conversation_upload_ids: [id] } });
    expect(scoped.body.summary).toContain('Rottnest Island');
    const docs = await server.json<{ documents: { title: string }[] }>('GET', '/documents');
    expect(docs.body.documents.some((d) => d.title === 'quokka.txt')).toBe(false);
  });

  it('refuses unsupported types with 415, a missing file with 400, and too large files with 413', async () => {
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], 'picture.md');
    const unsupported = await upload(png);
    expect(unsupported.status).toBe(415);
    expect(JSON.stringify(unsupported.body)).toMatch(/text\/csv/);
    const empty = await send(new FormData());
    expect(empty.status).toBe(400);
    const big = await upload(new File([new Uint8Array(2_100_000).fill(65)], 'big.txt', { type: 'text/plain' }));
    expect(big.status).toBe(413);
    const flag = await upload(new File(['hello'], 'a.txt'), { save_to_memory: 'maybe' });
    expect(flag.status).toBe(400);
    expect((await server.json('GET', '/upload/upl_missing/status')).status).toBe(404);
    expect((await send(new FormData(), null)).status).toBe(401);
  });

  it('reports a file that holds no text as failed, with the reason', async () => {
    const res = await upload(new File(['   \n\n  '], 'blank.txt', { type: 'text/plain' }));
    const done = await waitForUpload(String(res.body.upload_id));
    expect(done.status).toBe('failed');
    expect(done.error_details).toMatchObject({ code: 'no_text_found', stage: 'parsing' });
  });

  it('is documented in the OpenAPI document', async () => {
    const { body } = await server.json<{ paths: Record<string, unknown> }>('GET', '/openapi.json');
    expect(body.paths['/upload']).toBeDefined();
    expect(body.paths['/upload/{upload_id}/status']).toBeDefined();
  });
});
