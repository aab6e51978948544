import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/core/config';
import { getFolder, settled, tempFolder, until, type FolderBody } from '../helpers/folders';
import { startTestServer, type TestServer } from '../helpers/test-server';

const FILES = 2000;

describe('a burst of changes in a watched folder', () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    server = await startTestServer({ limits: { ...DEFAULT_LIMITS, maxUploadBytes: 4096 } });
    dir = tempFolder();
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(`indexes ${FILES} files written at once (as a checkout would) once each, while the API keeps answering`, async () => {
    const { body } = await server.json<{ folder: FolderBody }>('POST', '/folders', { body: { path: dir } });
    const id = body.folder.folder_id;
    await settled(server, id);
    for (let d = 0; d < 20; d++) {
      mkdirSync(join(dir, `part-${d}`));
      for (let f = 0; f < FILES / 20; f++) {
        writeFileSync(join(dir, `part-${d}`, `file-${f}.md`), `# Record ${d}-${f}\n\nRecord ${d}-${f} lists shipment number ${d * 1000 + f} bound for warehouse ${f % 7}.\n`);
      }
    }
    const slowest = { ms: 0 };
    const done = await until(
      async () => {
        const started = Date.now();
        const folder = await getFolder(server, id);
        slowest.ms = Math.max(slowest.ms, Date.now() - started);
        return folder;
      },
      (f) => f.files_indexed === FILES && f.files_pending === 0,
      240_000,
    );
    expect(done.files_total).toBe(FILES);
    const docs = await folderDocsAll(server, id);
    expect(docs.length).toBe(FILES);
    expect(new Set(docs.map((d) => d.path)).size).toBe(FILES);
    expect(slowest.ms).toBeLessThan(1000);
  }, 300_000);

  it('fails a file over the upload limit with a reason', async () => {
    const folders = (await server.json<{ folders: FolderBody[] }>('GET', '/folders')).body.folders;
    const id = folders[0]!.folder_id;
    writeFileSync(join(dir, 'huge.md'), `# Huge\n\n${'A sentence that repeats. '.repeat(400)}`);
    const detail = await until(
      () => server.json<{ files: { path: string; status: string; reason?: string }[] }>('GET', `/folders/${id}?limit=1&offset=0`),
      (res) => res.body.files[0]?.path === 'huge.md' && res.body.files[0]?.status === 'failed',
    );
    expect(detail.body.files[0]?.reason).toMatch(/larger than the upload limit/);
    expect((await getFolder(server, id)).files_failed).toBe(1);
  });
});

/** Every document of the folder, through the paged listing. */
async function folderDocsAll(server: TestServer, id: string): Promise<{ document_id: string; path: string }[]> {
  const all: { document_id: string; path: string }[] = [];
  for (let offset = 0; ; offset += 200) {
    const { body } = await server.json<{ documents: { document_id: string; source: unknown }[]; total: number }>('GET', `/documents?limit=200&offset=${offset}`);
    for (const d of body.documents) {
      const source = d.source as { folder_id?: string; path?: string };
      if (source.folder_id === id && source.path) all.push({ document_id: d.document_id, path: source.path });
    }
    if (offset + 200 >= body.total) return all;
  }
}
