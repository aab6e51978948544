import Database from 'better-sqlite3';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { articleText, largeCorpus, SHARED_DATA, xquadArticles } from '../helpers/real-data';
import { startTestServer, waitForJob, type TestServer } from '../helpers/test-server';
import { sharedFile, uploadFile, waitForUpload } from '../helpers/uploads';

describe('jobs survive a restart', () => {
  let server: TestServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  it('resumes a job that was running when the engine stopped, and completes it', async () => {
    server = await startTestServer();
    const { body } = await server.json<{ job_id: string }>('POST', '/insert', { body: { content: largeCorpus(), title: 'Big corpus' } });
    // Stop while the job is still working.
    const before = await server.json<{ status: string }>('GET', `/job-status/${body.job_id}`);
    expect(['pending', 'chunking', 'extracting', 'storing']).toContain(before.body.status);
    await server.restart();

    const seen = await waitForJob(server, body.job_id, undefined, 60_000);
    const last = seen.at(-1) as { status: string; data: { document_id: string; chunks_created: number } };
    expect(last.status).toBe('completed');
    const docs = await server.json<{ documents: { document_id: string; chunk_count: number }[]; total: number }>('GET', '/documents');
    expect(docs.body.total).toBe(1);
    expect(docs.body.documents[0]).toMatchObject({ document_id: last.data.document_id, chunk_count: last.data.chunks_created });
  });

  it('fails an unfinished job whose input is gone instead of leaving it waiting', async () => {
    server = await startTestServer();
    const { body } = await server.json<{ job_id: string }>('POST', '/insert', { body: { content: 'Marie Curie was born in Warsaw.', title: 'Curie' } });
    await waitForJob(server, body.job_id);
    const dataDir = server.dataDir;
    await server.engine.close();

    const accountDir = readdirSync(join(dataDir, 'accounts'))[0] ?? '';
    const db = new Database(join(dataDir, 'accounts', accountDir, 'kb.sqlite'));
    db.prepare("UPDATE jobs SET status = 'extracting', progress = 0.3, data = NULL WHERE id = ?").run(body.job_id);
    db.close();

    server = await startTestServer({}, dataDir);
    const seen = await waitForJob(server, body.job_id);
    expect(seen.at(-1)).toMatchObject({ status: 'failed', error_details: { code: 'input_lost' } });
    await server.close();
    server = null;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('after a crash mid-write, deletes the half-written document and re-runs the job', async () => {
    server = await startTestServer();
    const content = articleText(xquadArticles()[1]!);
    const { body } = await server.json<{ job_id: string }>('POST', '/insert', { body: { content, title: 'Warsaw' } });
    await waitForJob(server, body.job_id);
    const dataDir = server.dataDir;
    await server.engine.close();

    // Make the stored state look like a process killed while storing: job unfinished (so still holding
    // its input, which a finished job drops), document half-indexed.
    const accountDir = readdirSync(join(dataDir, 'accounts'))[0] ?? '';
    const db = new Database(join(dataDir, 'accounts', accountDir, 'kb.sqlite'));
    const input = JSON.stringify({ content, title: 'Warsaw', tags: [], metadata: {} });
    db.prepare("UPDATE jobs SET status = 'storing', progress = 0.7, data = NULL, payload = ? WHERE id = ?").run(input, body.job_id);
    db.prepare("UPDATE documents SET state = 'indexing'").run();
    db.close();

    server = await startTestServer({}, dataDir);
    const seen = await waitForJob(server, body.job_id);
    expect(seen.every((s) => s.status === 'storing' || s.status === 'completed')).toBe(true);
    expect(seen.at(-1)?.status).toBe('completed');
    const docs = await server.json<{ total: number }>('GET', '/documents');
    expect(docs.body.total).toBe(1);
    const q = await server.json<{ sources: { title: string }[] }>('POST', '/query', { body: { query: 'What is the largest city in Poland?' } });
    expect(q.body.sources[0]?.title).toBe('Warsaw');
    const check = new Database(join(dataDir, 'accounts', accountDir, 'kb.sqlite'), { readonly: true });
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    const chunkRows = check.prepare('SELECT count(*) AS n FROM chunks').get() as { n: number };
    const docRow = check.prepare('SELECT chunk_count FROM documents').get() as { chunk_count: number };
    expect(chunkRows.n).toBe(docRow.chunk_count);
    check.close();
    await server.close();
    server = null;
    rmSync(dataDir, { recursive: true, force: true });
  });
  // A kill after the document was finished but before the job's own end was saved: the re-run
  // must find the whole document and complete, not fail on it (5 SIGKILLs in 200 inserts did).
  it('completes a job cut off after its document was finished, keeping that one document', async () => {
    server = await startTestServer();
    const content = articleText(xquadArticles()[2]!);
    const inserted = await server.json<{ job_id: string }>('POST', '/insert', { body: { content, title: 'Cut off' } });
    const insertDone = (await waitForJob(server, inserted.body.job_id)).at(-1) as { data: { document_id: string; chunks_created: number } };
    const upload = await uploadFile(server, sharedFile('markdown/rust-book_ch04-01-what-is-ownership.md'));
    const uploadDone = await waitForUpload(server, String(upload.body.upload_id));
    expect(uploadDone.status).toBe('completed');
    const dataDir = server.dataDir;
    await server.engine.close();

    const accountDir = readdirSync(join(dataDir, 'accounts'))[0] ?? '';
    const db = new Database(join(dataDir, 'accounts', accountDir, 'kb.sqlite'));
    const input = JSON.stringify({ content, title: 'Cut off', tags: [], metadata: {} });
    db.prepare("UPDATE jobs SET status = 'storing', progress = 0.98, data = NULL, payload = ? WHERE id = ?").run(input, inserted.body.job_id);
    const uploadJob = (db.prepare('SELECT job_id FROM uploads WHERE id = ?').get(uploadDone.upload_id) as { job_id: string }).job_id;
    db.prepare("UPDATE jobs SET status = 'storing', progress = 0.98, data = NULL, payload = ? WHERE id = ?").run(JSON.stringify({ uploadId: uploadDone.upload_id }), uploadJob);
    db.prepare("UPDATE uploads SET status = 'processing', document_id = NULL WHERE id = ?").run(uploadDone.upload_id);
    db.prepare('INSERT INTO upload_files (upload_id, bytes) VALUES (?, ?)').run(uploadDone.upload_id, readFileSync(`${SHARED_DATA}markdown/rust-book_ch04-01-what-is-ownership.md`));
    db.close();

    server = await startTestServer({}, dataDir);
    const last = (await waitForJob(server, inserted.body.job_id)).at(-1);
    expect(last).toMatchObject({ status: 'completed', data: { document_id: insertDone.data.document_id, chunks_created: insertDone.data.chunks_created } });
    expect((await waitForJob(server, uploadJob)).at(-1)).toMatchObject({ status: 'completed', data: { document_id: uploadDone.document_id } });
    expect(await waitForUpload(server, uploadDone.upload_id)).toMatchObject({ status: 'completed', document_id: uploadDone.document_id });
    const docs = await server.json<{ documents: { document_id: string }[]; total: number }>('GET', '/documents');
    expect(docs.body.documents.map((d) => d.document_id).sort()).toEqual([insertDone.data.document_id, uploadDone.document_id].sort());
    await server.close();
    server = null;
    rmSync(dataDir, { recursive: true, force: true });
  });
});
