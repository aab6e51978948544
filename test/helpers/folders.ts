import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestServer } from './test-server';

export interface FolderBody {
  folder_id: string;
  path: string;
  status: string;
  files_total: number;
  files_indexed: number;
  files_pending: number;
  files_failed: number;
  files_skipped: number;
  last_scan_at: string | null;
  error?: string;
}

export interface DocBody {
  document_id: string;
  title: string;
  source: string | { folder_id: string; path: string };
  created_at: string;
  updated_at: string;
}

/** A fresh directory (resolved: macOS puts tmp behind a link) to watch. */
export const tempFolder = (prefix = 'kb-folder-'): string => realpathSync(mkdtempSync(join(tmpdir(), prefix)));

/** Polls until `ok` holds; fails with the last value seen, and what `explain` then tells of the state around it. */
export async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 20_000, explain?: () => Promise<unknown>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value)) {
    if (Date.now() > deadline) {
      const state = explain ? `; state: ${JSON.stringify(await explain()).slice(0, 2000)}` : '';
      throw new Error(`condition not met in ${timeoutMs} ms; last value: ${JSON.stringify(value).slice(0, 2000)}${state}`);
    }
    await new Promise((r) => setTimeout(r, 50));
    value = await read();
  }
  return value;
}

export const folderDocs = async (server: TestServer, folderId: string): Promise<(DocBody & { path: string })[]> => {
  const { body } = await server.json<{ documents: DocBody[] }>('GET', '/documents?limit=200');
  return body.documents.flatMap((d) => (typeof d.source === 'object' && d.source.folder_id === folderId ? [{ ...d, path: d.source.path }] : []));
};

export const getFolder = async (server: TestServer, id: string): Promise<FolderBody> =>
  (await server.json<{ folder: FolderBody }>('GET', `/folders/${id}`)).body.folder;

/** Waits for the folder to be watching with nothing pending. */
export const settled = (server: TestServer, id: string): Promise<FolderBody> =>
  until(
    () => getFolder(server, id),
    (f) => f.status === 'watching' && f.files_pending === 0,
  );

/** The texts of the passages a query finds (no answer generated). */
export const passages = async (server: TestServer, query: string): Promise<{ document_id: string; text: string }[]> =>
  (await server.json<{ chunks?: { document_id: string; text: string }[] }>('POST', '/query', { body: { query, include_summary: false } })).body.chunks ?? [];
