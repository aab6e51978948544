import { subscribe } from '@parcel/watcher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParcelWatcher } from '../../src/adapters/folders/parcel-watcher';
import { addLogFolder, folderDocs, followsLogEdit, getFolder, settled, until } from '../helpers/folders';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Stand-in for a machine whose inotify table is full: the real @parcel/watcher, but its first two
 * subscriptions fail as the native side fails then (a full table cannot be made here without root
 * rights over the whole machine).
 */
function failingTwice(): typeof subscribe {
  let calls = 0;
  return (dir, fn, opts) => {
    calls += 1;
    if (calls <= 2) return Promise.reject(new Error(`inotify_add_watch on '${dir}' failed: No space left on device`));
    return subscribe(dir, fn, opts);
  };
}

describe('a watch that fails', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, undefined, { folderWatcher: createParcelWatcher({ subscribe: failingTwice() }) });
  });
  afterAll(() => server.close());

  it('shows the folder in error with the reason, tries again, and then follows its changes', async () => {
    const folder = await addLogFolder(server);

    // Scanned all the same, and not shown as watching while nothing watches it.
    const failing = await until(
      () => getFolder(server, folder.id),
      (f) => f.status === 'error',
      10_000,
    );
    expect(failing.error).toMatch(/not being followed.*No space left on device/);
    expect(await folderDocs(server, folder.id)).toHaveLength(1);

    // The third try succeeds (after one and two seconds).
    await settled(server, folder.id);
    await followsLogEdit(server, folder);
  });
});
