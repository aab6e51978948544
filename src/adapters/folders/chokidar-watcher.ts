import { watch } from 'chokidar';
import { relative, sep } from 'node:path';
import type { FolderWatcher } from '../../core/ports';

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
      watcher.on('all', (event, path) => {
        const r = rel(path);
        if (r === '') {
          if (event === 'unlinkDir') onChange({ kind: 'root-gone' });
          return;
        }
        onChange({ kind: 'path', path: r });
      });
      watcher.on('error', (error) => onChange({ kind: 'error', message: error instanceof Error ? error.message : String(error) }));
      return { close: () => watcher.close() };
    },
  };
}
