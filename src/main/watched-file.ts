import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, sep } from 'node:path';

export interface WatchedFolderRef {
  folder_id: string;
  /** Absolute, as the folder was added. */
  path: string;
}

const inside = (root: string, path: string): boolean => path.startsWith(root.endsWith(sep) ? root : root + sep);

/**
 * The file a window asks to open, as an absolute path, only when it is a regular file inside one
 * of the owner's watched folders once every link is resolved; null for anything else: an unknown
 * folder, an absolute path, `..` or a symbolic link that leads out, a directory. The window is
 * trusted with nothing: it names a folder and a path inside it, and this decides.
 */
export async function watchedFileToOpen(folders: readonly WatchedFolderRef[], folderId: unknown, path: unknown): Promise<string | null> {
  if (typeof folderId !== 'string' || typeof path !== 'string' || path === '' || path.includes('\0') || isAbsolute(path)) return null;
  const folder = folders.find((f) => f.folder_id === folderId);
  if (!folder) return null;
  const root = await realpath(folder.path).catch(() => null);
  const target = await realpath(join(folder.path, ...path.split('/'))).catch(() => null);
  if (!root || !target || !inside(root, target)) return null;
  const info = await stat(target).catch(() => null);
  return info?.isFile() ? target : null;
}
