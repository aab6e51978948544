import { watch } from 'chokidar';
import { relative, sep } from 'node:path';
import type { FolderWatcher } from '../../core/ports';

/** A little longer than chokidar's window for repeated changes of one file (50 ms). */
const CHANGE_THROTTLE_MS = 75;

/**
 * Watches a folder with chokidar. Its `atomic` handling turns an editor's save through a temporary
 * file and a rename into one change; the engine coalesces the rest. Directories the folder's rules
 * skip (hidden ones, node_modules) are not watched at all, so a large .git costs no watchers.
 */
export function createChokidarWatcher(): FolderWatcher {
  return {
    watch(root, skipDir, onChange) {
      const rel = (path: string): string => relative(root, path).split(sep).join('/');
      const watcher = watch(root, {
        ignoreInitial: true,
        followSymlinks: false,
        atomic: true,
        ignored: (path: string) => {
          const r = rel(path);
          return r !== '' && !r.startsWith('..') && skipDir(r);
        },
      });
      // chokidar drops a 'change' that comes within 50 ms of the last one for the same file (it
      // throttles, keeping the first): a second save that quick would wait for the next rescan.
      // Each change is therefore looked at once more after that window; an unchanged file costs
      // the engine one stat.
      const again = new Map<string, ReturnType<typeof setTimeout>>();
      const lookAgain = (r: string): void => {
        clearTimeout(again.get(r));
        again.set(
          r,
          setTimeout(() => {
            again.delete(r);
            onChange({ kind: 'path', path: r });
          }, CHANGE_THROTTLE_MS),
        );
      };
      watcher.on('all', (event, path) => {
        const r = rel(path);
        if (r === '') {
          if (event === 'unlinkDir') onChange({ kind: 'root-gone' });
          return;
        }
        onChange({ kind: 'path', path: r });
        if (event === 'change') lookAgain(r);
      });
      watcher.on('error', (error) => onChange({ kind: 'error', message: error instanceof Error ? error.message : String(error) }));
      return {
        close: () => {
          for (const timer of again.values()) clearTimeout(timer);
          again.clear();
          return watcher.close();
        },
      };
    },
  };
}
