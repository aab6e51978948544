import { afterAll, beforeAll, describe, it } from 'vitest';
import { createParcelWatcher } from '../../src/adapters/folders/parcel-watcher';
import type { FolderWatcher } from '../../src/core/ports';
import { addLogFolder, followsLogEdit, settled } from '../helpers/folders';
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
    const folder = await addLogFolder(server);
    await settled(server, folder.id);
    await followsLogEdit(server, folder);
  });
});
