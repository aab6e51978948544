import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, KbClient } from '../../src/client/index';
import { tempFolder, until } from '../helpers/folders';
import { startListeningServer, type ListeningServer } from '../helpers/listening-server';
import { runKb } from '../helpers/run-kb';

describe('watched folders through the client library and the kb command', { timeout: 120_000 }, () => {
  let server: ListeningServer;
  let dir: string;
  beforeAll(async () => {
    server = await startListeningServer();
    dir = tempFolder();
    writeFileSync(join(dir, 'one.md'), '# One\n\nThe first note says the ferry leaves Piraeus at dawn.\n');
    writeFileSync(join(dir, 'two.txt'), 'The second note says the train leaves Porto at noon.\n');
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('adds, lists, rescans and removes a folder with the client', async () => {
    const client = new KbClient({ baseUrl: server.url, apiKey: server.ownerKey });
    const { folder } = await client.addFolder({ path: dir, include: ['*.md'] });
    const done = await until(
      async () => (await client.listFolders()).find((f) => f.folder_id === folder.folder_id),
      (f) => f?.status === 'watching' && f.files_pending === 0,
    );
    expect(done).toMatchObject({ files_indexed: 1, files_skipped: 1 });
    const detail = await client.getFolder(folder.folder_id);
    expect(detail.files.find((f) => f.path === 'two.txt')?.reason).toMatch(/include/);
    expect((await client.rescanFolder(folder.folder_id)).folder.folder_id).toBe(folder.folder_id);
    await client.removeFolder(folder.folder_id);
    expect(await client.listFolders()).toEqual([]);

    const signup = await new KbClient({ baseUrl: server.url }).signup('other@example.com', 'long enough password');
    const other = new KbClient({ baseUrl: server.url, apiKey: signup.api_key });
    const refused = await other.listFolders().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(403);
  });

  it('adds, lists and removes a folder with kb folders', async () => {
    const kb = (args: string[]) => runKb(args, { url: server.url, key: server.ownerKey });
    const added = await kb(['folders', 'add', dir, '--json']);
    expect(added.code, added.stderr).toBe(0);
    const { folder_id: id } = JSON.parse(added.stdout) as { folder_id: string };
    await until(
      () => kb(['folders', 'list', '--json']).then((r) => JSON.parse(r.stdout) as { status: string; files_indexed: number }[]),
      (list) => list[0]?.status === 'watching' && list[0]?.files_indexed === 2,
    );
    const listed = await kb(['folders', 'list']);
    expect(listed.stdout).toContain(dir);
    expect(listed.stdout).toMatch(/2\/2 indexed/);
    expect((await kb(['folders', 'rescan', id])).code).toBe(0);
    const removed = await kb(['folders', 'remove', id]);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toMatch(/removed/);
  });
});
