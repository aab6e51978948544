import { subscribe } from '@parcel/watcher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParcelWatcher } from '../../src/adapters/folders/parcel-watcher';
import { addLogFolder, folderDocs, followsLogEdit, getFolder, settled } from '../helpers/folders';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Stand-in for a watcher that misses changes (an overflowing inotify queue, parcel-bundler/watcher#183):
 * the real @parcel/watcher is subscribed, but none of its events reach the engine.
 */
const deaf: typeof subscribe = (dir, _fn, opts) => subscribe(dir, () => undefined, opts);

describe('a watcher that misses a change', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, undefined, { folderWatcher: createParcelWatcher({ subscribe: deaf }) });
  });
  afterAll(() => server.close());

  it('still finds a saved edit by comparing the files with what was indexed', async () => {
    const folder = await addLogFolder(server);
    await settled(server, folder.id);
    expect((await getFolder(server, folder.id)).status).toBe('watching');
    expect(await folderDocs(server, folder.id)).toHaveLength(1);
    // Within the periodic check (10 s) and the wait's 20 s; without the check it is never found.
    await followsLogEdit(server, folder);
  }, 40_000);
});
