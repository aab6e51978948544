import { subscribe as parcelSubscribe, type AsyncSubscription, type Event } from '@parcel/watcher';
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
/** A watch that failed is tried again after this long, doubling each time up to RETRY_MAX_MS. */
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 60_000;

export interface ParcelWatcherOptions {
  /** @parcel/watcher's subscribe; tests pass one that fails first, as a full inotify table makes it. */
  subscribe?: typeof parcelSubscribe;
}

/**
 * Watches a folder with @parcel/watcher: one native watch per directory (none per file) and events
 * batched off the main thread, so watching thousands of files costs the event loop nothing until
 * one changes. An editor's save through a temporary file and a rename arrives as one change.
 *
 * Its Linux backend watches a directory that appears later, but not the directories already
 * inside it (parcel-bundler/watcher#97: a tree moved or unpacked into the folder): a new
 * directory therefore renews the subscription, and the engine scans the folder after it.
 *
 * A watch can fail (the system's table of inotify watches is full) or end with an error (its
 * native side then drops the subscription): the engine is told, and the watch is set up again
 * after a growing pause; once it is back the engine scans the folder for what it missed.
 */
export function createParcelWatcher(options: ParcelWatcherOptions = {}): FolderWatcher {
  const subscribe = options.subscribe ?? parcelSubscribe;
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
      let retry: ReturnType<typeof setTimeout> | null = null;
      let retryMs = RETRY_FIRST_MS;
      let current: Promise<AsyncSubscription | null> = Promise.resolve(null);
      const failed = (error: unknown): void => {
        if (closed) return;
        onChange({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
        if (retry) return;
        retry = setTimeout(() => {
          retry = null;
          if (!closed) renew();
        }, retryMs);
        retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
      };
      // The native side keeps one tree per folder while any subscription holds it, so the old one
      // ends before the new one walks the folder; what changed in between, the scan that follows finds.
      const subscribeAnew = async (previous: Promise<AsyncSubscription | null>, first: boolean): Promise<AsyncSubscription | null> => {
        await release(previous);
        if (closed) return null;
        try {
          const next = await subscribe(root, handle, { ignore: NEVER_WATCHED });
          retryMs = RETRY_FIRST_MS;
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
          for (const timer of [renewal, retry]) if (timer) clearTimeout(timer);
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
