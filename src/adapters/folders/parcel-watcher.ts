import { subscribe, type AsyncSubscription, type Event } from '@parcel/watcher';
import { lstat } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import type { FolderWatcher } from '../../core/ports';

/**
 * Directories never watched: hidden ones (.git among them) and node_modules, which the folder's
 * rules skip anyway. Left to the native side, their files cost no watch at all; the user's own
 * exclude patterns are applied to each event instead.
 */
const NEVER_WATCHED = ['**/.*', '**/node_modules'];
const RENEW_AFTER_MS = 50;

/**
 * Watches a folder with @parcel/watcher: one native watch per directory (none per file) and events
 * batched off the main thread, so watching thousands of files costs the event loop nothing until
 * one changes. An editor's save through a temporary file and a rename arrives as one change.
 *
 * Its Linux backend watches a directory that appears later, but not the directories already
 * inside it (parcel-bundler/watcher#97: a tree moved or unpacked into the folder): a new
 * directory therefore renews the subscription, and the engine scans the folder after it.
 */
export function createParcelWatcher(): FolderWatcher {
  return {
    watch(root, skipDir, onChange) {
      const rel = (path: string): string => relative(root, path).split(sep).join('/');
      // A path in a skipped directory at any depth ("drafts" excludes drafts/2024/notes.md).
      const skipped = (r: string): boolean => {
        for (let cut = r.indexOf('/'); cut > 0; cut = r.indexOf('/', cut + 1)) if (skipDir(r.slice(0, cut))) return true;
        return skipDir(r);
      };
      let closed = false;
      let renewal: ReturnType<typeof setTimeout> | null = null;
      let current: Promise<AsyncSubscription | null> = Promise.resolve(null);
      const failed = (error: unknown): void => {
        if (!closed) onChange({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
      };
      // The native side keeps one tree per folder while any subscription holds it, so the old one
      // ends before the new one walks the folder; what changed in between, the scan that follows finds.
      const subscribeAnew = async (previous: Promise<AsyncSubscription | null>, first: boolean): Promise<AsyncSubscription | null> => {
        await release(previous);
        if (closed) return null;
        try {
          const next = await subscribe(root, handle, { ignore: NEVER_WATCHED });
          if (!closed && !first) onChange({ kind: 'rescan' });
          if (!closed) return next;
          await next.unsubscribe().catch(() => undefined);
        } catch (error) {
          failed(error);
        }
        return null;
      };
      const renew = (first = false): void => {
        current = subscribeAnew(current, first);
      };
      // The directories of one burst (a checkout, an unpacked archive) renew it once.
      const renewSoon = (): void => {
        if (renewal || closed) return;
        renewal = setTimeout(() => {
          renewal = null;
          if (!closed) renew();
        }, RENEW_AFTER_MS);
      };
      const handle = (error: Error | null, events: Event[]): void => {
        if (closed) return;
        if (error) return failed(error);
        for (const event of events) {
          const r = rel(event.path);
          if (r === '') {
            if (event.type === 'delete') onChange({ kind: 'root-gone' });
            continue;
          }
          if (r.startsWith('..') || skipped(r)) continue;
          onChange({ kind: 'path', path: r });
          if (event.type === 'create') void isDirectory(event.path).then((dir) => dir && renewSoon());
        }
      };
      renew(true);
      return {
        ready: current.then(() => undefined),
        close: async () => {
          closed = true;
          if (renewal) clearTimeout(renewal);
          await release(current);
        },
      };
    },
  };
}

async function isDirectory(path: string): Promise<boolean> {
  return (await lstat(path).catch(() => null))?.isDirectory() ?? false;
}

/** Ends a subscription; one whose folder is gone can no longer be ended, and needs nothing more. */
async function release(subscription: Promise<AsyncSubscription | null>): Promise<void> {
  const s = await subscription.catch(() => null);
  await s?.unsubscribe().catch(() => undefined);
}
