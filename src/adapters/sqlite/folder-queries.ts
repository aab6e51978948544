import type { FolderStore } from '../../core/ports';
import type { JsonObject } from '../../core/model';
import type { FolderCounts, FolderFileRecord, FolderFileStatus, FolderRecord, FolderStatus } from '../../core/folders/folder-model';
import type { Db } from './open-database';

interface FolderRow {
  id: string;
  path: string;
  include: string;
  exclude: string;
  tags: string;
  status: string;
  error: string | null;
  last_scan_at: string | null;
  created_at: string;
}

interface FileRow {
  folder_id: string;
  path: string;
  status: string;
  document_id: string | null;
  hash: string | null;
  size: number;
  mtime_ms: number;
  reason: string | null;
  updated_at: string;
}

const FOLDER_STATUSES: readonly FolderStatus[] = ['scanning', 'watching', 'error'];
const FILE_STATUSES: readonly FolderFileStatus[] = ['pending', 'indexed', 'failed', 'skipped'];

const toFolder = (r: FolderRow): FolderRecord => ({
  id: r.id,
  path: r.path,
  include: JSON.parse(r.include) as string[],
  exclude: JSON.parse(r.exclude) as string[],
  tags: JSON.parse(r.tags) as string[],
  status: FOLDER_STATUSES.find((s) => s === r.status) ?? 'error',
  error: r.error,
  lastScanAt: r.last_scan_at,
  createdAt: r.created_at,
});

const fromFolder = (f: FolderRecord) => ({
  id: f.id,
  path: f.path,
  include: JSON.stringify(f.include),
  exclude: JSON.stringify(f.exclude),
  tags: JSON.stringify(f.tags),
  status: f.status,
  error: f.error,
  last_scan_at: f.lastScanAt,
  created_at: f.createdAt,
});

const toFile = (r: FileRow): FolderFileRecord => ({
  folderId: r.folder_id,
  path: r.path,
  status: FILE_STATUSES.find((s) => s === r.status) ?? 'pending',
  documentId: r.document_id,
  hash: r.hash,
  size: r.size,
  mtimeMs: r.mtime_ms,
  reason: r.reason,
  updatedAt: r.updated_at,
});

const fromFile = (f: FolderFileRecord) => ({
  folder_id: f.folderId,
  path: f.path,
  status: f.status,
  document_id: f.documentId,
  hash: f.hash,
  size: f.size,
  mtime_ms: f.mtimeMs,
  reason: f.reason,
  updated_at: f.updatedAt,
});

/** Saves a file's row; a batch's write uses it too, to mark its files indexed in the same transaction. */
export function prepareFolderFilePut(db: Db): (file: FolderFileRecord) => void {
  const put = db.prepare(
    `INSERT INTO folder_files (folder_id, path, status, document_id, hash, size, mtime_ms, reason, updated_at)
     VALUES (@folder_id, @path, @status, @document_id, @hash, @size, @mtime_ms, @reason, @updated_at)
     ON CONFLICT (folder_id, path) DO UPDATE SET status = excluded.status, document_id = excluded.document_id, hash = excluded.hash,
       size = excluded.size, mtime_ms = excluded.mtime_ms, reason = excluded.reason, updated_at = excluded.updated_at`,
  );
  return (file) => void put.run(fromFile(file));
}

/** Watched folders and their files' rows (schema v6). */
export function createFolderQueries(db: Db, onChange: () => void): FolderStore {
  const s = {
    insertFolder: db.prepare(
      `INSERT INTO folders (id, path, include, exclude, tags, status, error, last_scan_at, created_at)
       VALUES (@id, @path, @include, @exclude, @tags, @status, @error, @last_scan_at, @created_at)`,
    ),
    updateFolder: db.prepare('UPDATE folders SET status = @status, error = @error, last_scan_at = @last_scan_at WHERE id = @id'),
    folders: db.prepare<[], FolderRow>('SELECT * FROM folders ORDER BY created_at, id'),
    folder: db.prepare<[string], FolderRow>('SELECT * FROM folders WHERE id = ?'),
    // Kept documents become ordinary files: no folder follows them any more.
    keepDocuments: db.prepare(
      "UPDATE documents SET source = 'upload' WHERE id IN (SELECT document_id FROM folder_files WHERE folder_id = ? AND document_id IS NOT NULL)",
    ),
    deleteFiles: db.prepare('DELETE FROM folder_files WHERE folder_id = ?'),
    deleteFolder: db.prepare('DELETE FROM folders WHERE id = ?'),
    counts: db.prepare<[string], { status: string; n: number }>('SELECT status, count(*) AS n FROM folder_files WHERE folder_id = ? GROUP BY status'),
    files: db.prepare<[string], FileRow>('SELECT * FROM folder_files WHERE folder_id = ? ORDER BY path'),
    filesPage: db.prepare<[string, number, number], FileRow>('SELECT * FROM folder_files WHERE folder_id = ? ORDER BY path LIMIT ? OFFSET ?'),
    file: db.prepare<[string, string], FileRow>('SELECT * FROM folder_files WHERE folder_id = ? AND path = ?'),
    // Without table statistics the planner prefers the primary key (every file of the folder, in
    // path order) to the hash index, and a first scan's look-up per new file grew with the folder.
    withHash: db.prepare<[string, string], FileRow>('SELECT * FROM folder_files INDEXED BY folder_files_hash WHERE folder_id = ? AND hash = ? ORDER BY path'),
    // Paths under dir/ sort between "dir/" and "dir0" ('0' follows '/'): a range of the primary key.
    under: db.prepare<[string, string, string], { n: number }>('SELECT 1 AS n FROM folder_files WHERE folder_id = ? AND path > ? AND path < ? LIMIT 1'),
    deleteFile: db.prepare('DELETE FROM folder_files WHERE folder_id = ? AND path = ?'),
    moveFile: db.prepare(
      'UPDATE folder_files SET path = @to, size = @size, mtime_ms = @mtimeMs, updated_at = @updatedAt WHERE folder_id = @folderId AND path = @from',
    ),
    retitle: db.prepare('UPDATE documents SET title = @title, metadata = @metadata WHERE id = @id'),
    release: db.prepare(
      "UPDATE folder_files SET status = 'skipped', document_id = NULL, reason = @reason, updated_at = @at WHERE document_id = @documentId",
    ),
  };

  const deleteFolder = db.transaction((id: string, keepDocuments: boolean) => {
    if (keepDocuments) s.keepDocuments.run(id);
    s.deleteFiles.run(id);
    s.deleteFolder.run(id);
  });
  const putFile = prepareFolderFilePut(db);
  const putFiles = db.transaction((files: FolderFileRecord[]) => {
    for (const file of files) putFile(file);
  });
  const moveFile = db.transaction(
    (folderId: string, from: string, to: string, at: { size: number; mtimeMs: number; updatedAt: string }, document?: { id: string; title: string; metadata: JsonObject }) => {
      // A row already at `to` (the new file seen before the move was recognised) gives way.
      s.deleteFile.run(folderId, to);
      s.moveFile.run({ folderId, from, to, ...at });
      if (document) s.retitle.run({ id: document.id, title: document.title, metadata: JSON.stringify(document.metadata) });
    },
  );

  return {
    createFolder: async (folder) => void s.insertFolder.run(fromFolder(folder)),
    updateFolder: async (folder) => void s.updateFolder.run(fromFolder(folder)),
    listFolders: async () => s.folders.all().map(toFolder),
    getFolder: async (id) => {
      const row = s.folder.get(id);
      return row ? toFolder(row) : null;
    },
    deleteFolder: async (id, keepDocuments) => {
      deleteFolder(id, keepDocuments);
      onChange();
    },
    countFolderFiles: async (folderId) => {
      const counts: FolderCounts = { pending: 0, indexed: 0, failed: 0, skipped: 0 };
      for (const row of s.counts.all(folderId)) {
        const status = FILE_STATUSES.find((st) => st === row.status);
        if (status) counts[status] += row.n;
      }
      return counts;
    },
    listFolderFiles: async (folderId, page) =>
      (page ? s.filesPage.all(folderId, page.limit, page.offset) : s.files.all(folderId)).map(toFile),
    getFolderFile: async (folderId, path) => {
      const row = s.file.get(folderId, path);
      return row ? toFile(row) : null;
    },
    folderFilesWithHash: async (folderId, hash) => s.withHash.all(folderId, hash).map(toFile),
    hasFolderFilesUnder: async (folderId, dir) => s.under.get(folderId, `${dir}/`, `${dir}0`) !== undefined,
    putFolderFiles: async (files) => putFiles(files),
    deleteFolderFile: async (folderId, path) => void s.deleteFile.run(folderId, path),
    moveFolderFile: async (folderId, from, to, at, document) => {
      moveFile(folderId, from, to, at, document);
      if (document) onChange();
    },
    releaseFolderDocument: async (documentId, reason, at) => void s.release.run({ documentId, reason, at }),
  };
}
