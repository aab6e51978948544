import { ApiError as ClientApiError, ConnectionError, KbClient, type Folder, type FolderFile } from '../../../client/index';
import type { Connection } from './connection';
import { ApiError } from './http';

export type { Folder, FolderFile };

/** The most files one request of GET /folders/{id} returns. */
const PAGE = 200;

/** The screens branch on the renderer's ApiError (status and code) whichever door a call went through. */
async function translated<T>(connection: Connection, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ClientApiError) throw new ApiError(error.status, error.code, error.message);
    if (error instanceof ConnectionError) throw new ApiError(0, 'unreachable', `The local server at ${connection.baseUrl} is not answering.`);
    throw error;
  }
}

/** Watched folders through the shared client library (src/client), as the CLI and agents call them. */
export function createFolderApi(connection: Connection) {
  // No retries: the screen polls, and a refused folder call (403) is an answer, not a hiccup.
  const client = new KbClient({ baseUrl: connection.baseUrl, apiKey: connection.apiKey, retry: { maxRetries: 0 } });
  return {
    list: () => translated(connection, () => client.listFolders()),
    add: (path: string) => translated(connection, async () => (await client.addFolder({ path })).folder),
    /** Every file of the folder that is not indexed, with its reason (failed ones first). */
    async unindexed(folderId: string): Promise<FolderFile[]> {
      const files: FolderFile[] = [];
      for (let offset = 0; ; offset += PAGE) {
        const page = await translated(connection, () => client.getFolder(folderId, { limit: PAGE, offset }));
        files.push(...page.files.filter((f) => f.status === 'failed' || f.status === 'skipped'));
        if (page.files.length < PAGE || offset + PAGE >= page.total) break;
      }
      return files.sort((a, b) => (a.status === b.status ? a.path.localeCompare(b.path) : a.status === 'failed' ? -1 : 1));
    },
    rescan: (folderId: string) => translated(connection, async () => (await client.rescanFolder(folderId)).folder),
    remove: (folderId: string, keepDocuments: boolean) => translated(connection, () => client.removeFolder(folderId, { keepDocuments })),
  };
}

export type FolderApi = ReturnType<typeof createFolderApi>;
