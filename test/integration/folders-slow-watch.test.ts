import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParcelWatcher } from '../../src/adapters/folders/parcel-watcher';
import type { FolderWatcher } from '../../src/core/ports';
import { folderDocs, passages, settled, tempFolder, until } from '../helpers/folders';
import { startTestServer, type TestServer } from '../helpers/test-server';

const SETUP_MS = 1500;

/**
 * Stand-in for a busy machine: the real watcher, but its native watch is set up only after
 * SETUP_MS (a loaded machine can take that long, and a small folder is scanned sooner).
 */
function slowToStart(): FolderWatcher {
  const real = createParcelWatcher();
  return {
    watch(root, skipDir, onChange) {
      let closed = false;
      const inner = new Promise<ReturnType<FolderWatcher['watch']> | null>((resolve) =>
        setTimeout(() => resolve(closed ? null : real.watch(root, skipDir, onChange)), SETUP_MS),
      );
      return {
        ready: inner.then((w) => w?.ready),
        close: async () => {
          closed = true;
          await (await inner)?.close();
        },
      };
    },
  };
}

describe('a watch that is slow to start', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, undefined, { folderWatcher: slowToStart() });
  });
  afterAll(() => server.close());

  it('does not report a folder as watching before its changes are seen, so an edit made at once is indexed', async () => {
    const dir = tempFolder();
    writeFileSync(join(dir, 'log.md'), '# Log\n\nThe shipment of lanterns left Rotterdam on Monday.\n');
    const added = await server.json<{ folder: { folder_id: string } }>('POST', '/folders', { body: { path: dir } });
    const id = added.body.folder.folder_id;
    await settled(server, id);

    writeFileSync(join(dir, 'log.md'), '# Log\n\nThe shipment of lanterns left Antwerp on Tuesday.\n');
    await until(
      () => passages(server, 'Where did the shipment of lanterns leave from?'),
      (found) => found.some((p) => p.text.includes('Antwerp')),
    );
    expect(await folderDocs(server, id)).toHaveLength(1);
    await server.json('DELETE', `/folders/${id}`);
    rmSync(dir, { recursive: true, force: true });
  });
});
