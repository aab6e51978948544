import type { FolderFile } from '../../../../client/index';
import type { Api } from '../../api/desk-api';

/** The most files one request of GET /folders/{id} returns. */
const PAGE = 200;

/** Every file of the folder that is not indexed, with its reason (failed ones first), read page by page. */
export async function unindexedFiles(api: Api, folderId: string): Promise<FolderFile[]> {
  const files: FolderFile[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await api.getFolder(folderId, { limit: PAGE, offset });
    files.push(...page.files.filter((f) => f.status === 'failed' || f.status === 'skipped'));
    if (page.files.length < PAGE || offset + PAGE >= page.total) break;
  }
  return files.sort((a, b) => (a.status === b.status ? a.path.localeCompare(b.path) : a.status === 'failed' ? -1 : 1));
}
