import type { Engine } from '../../../core/engine';
import type { FolderFileRecord, FolderView } from '../../../core/folders/folder-model';
import type { ApiSchemas } from '../../../shared/api-schemas';
import { okMessage } from '../../../shared/api-response-schemas';
import { createFolderSchemas, folderDetail, folderList, folderResult, type FolderFileOut, type FolderOut } from '../../../shared/folder-schemas';
import { route, type AnyRouteSpec } from '../route-spec';

export const folderOut = (f: FolderView): FolderOut => ({
  folder_id: f.id,
  path: f.path,
  status: f.status,
  files_total: f.counts.pending + f.counts.indexed + f.counts.failed + f.counts.skipped,
  files_indexed: f.counts.indexed,
  files_pending: f.counts.pending,
  files_failed: f.counts.failed,
  files_skipped: f.counts.skipped,
  last_scan_at: f.lastScanAt,
  ...(f.error ? { error: f.error } : {}),
});

const fileOut = (f: FolderFileRecord): FolderFileOut => ({
  path: f.path,
  status: f.status,
  ...(f.documentId ? { document_id: f.documentId } : {}),
  ...(f.reason ? { reason: f.reason } : {}),
});

/** Watched folders: the local owner account only; every other account is refused before anything is read. */
export function folderRoutes(engine: Engine, schemas: ApiSchemas): AnyRouteSpec[] {
  const folderSchemas = createFolderSchemas(engine.config.limits);
  const guard = (auth: Parameters<Engine['folders']>[0]): void => void engine.folders(auth);
  return [
    route({
      method: 'post',
      path: '/folders',
      summary: 'Watch a folder on the server\'s disk: its files become documents and stay in step with it',
      tag: 'folders',
      auth: true,
      guard,
      body: folderSchemas.addFolder,
      errors: [403, 409],
      response: folderResult,
      handle: async ({ c, auth, body }) => c.json({ success: true as const, folder: folderOut(await engine.folders(auth).add(body)) }),
    }),
    route({
      method: 'get',
      path: '/folders',
      summary: 'The watched folders with their progress',
      tag: 'folders',
      auth: true,
      guard,
      errors: [403],
      response: folderList,
      handle: async ({ c, auth }) => c.json({ folders: (await engine.folders(auth).list()).map(folderOut) }),
    }),
    route({
      method: 'get',
      path: '/folders/{folder_id}',
      summary: 'One watched folder and its files, with why a file is failed or skipped',
      tag: 'folders',
      auth: true,
      guard,
      query: schemas.pageParams,
      errors: [403, 404],
      response: folderDetail,
      handle: async ({ c, auth, params, query }) => {
        const { folder, files } = await engine.folders(auth).get(params.folder_id ?? '', query);
        const out = folderOut(folder);
        return c.json({ folder: out, files: files.map(fileOut), total: out.files_total, limit: query.limit, offset: query.offset });
      },
    }),
    route({
      method: 'post',
      path: '/folders/{folder_id}/rescan',
      summary: 'Compare every file of the folder with what is indexed again',
      tag: 'folders',
      auth: true,
      guard,
      errors: [403, 404],
      response: folderResult,
      handle: async ({ c, auth, params }) => c.json({ success: true as const, folder: folderOut(await engine.folders(auth).rescan(params.folder_id ?? '')) }),
    }),
    route({
      method: 'delete',
      path: '/folders/{folder_id}',
      summary: 'Stop watching a folder; its documents are removed unless keep_documents=true',
      tag: 'folders',
      auth: true,
      guard,
      query: folderSchemas.removeParams,
      errors: [403, 404],
      response: okMessage,
      handle: async ({ c, auth, params, query }) => {
        await engine.folders(auth).remove(params.folder_id ?? '', query.keep_documents);
        return c.json({ success: true, message: query.keep_documents ? 'Folder no longer watched; its documents were kept' : 'Folder no longer watched; its documents were removed' });
      },
    }),
  ];
}
