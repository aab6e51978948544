import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
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

const LOG = (place: string, day: string): string => `# Log\n\nThe shipment of lanterns left ${place} on ${day}.\n`;

/** A new folder holding one small log, added to the server's watched folders. */
export async function addLogFolder(server: TestServer): Promise<{ dir: string; id: string }> {
  const dir = tempFolder();
  writeFileSync(join(dir, 'log.md'), LOG('Rotterdam', 'Monday'));
  const added = await server.json<{ folder: { folder_id: string } }>('POST', '/folders', { body: { path: dir } });
  return { dir, id: added.body.folder.folder_id };
}

/** Edits the log of `addLogFolder` and waits until a query finds the new text under the same one document; then removes the folder. */
export async function followsLogEdit(server: TestServer, { dir, id }: { dir: string; id: string }): Promise<void> {
  writeFileSync(join(dir, 'log.md'), LOG('Antwerp', 'Tuesday'));
  await until(
    () => passages(server, 'Where did the shipment of lanterns leave from?'),
    (found) => found.some((p) => p.text.includes('Antwerp')),
  );
  expect(await folderDocs(server, id)).toHaveLength(1);
  await server.json('DELETE', `/folders/${id}`);
  rmSync(dir, { recursive: true, force: true });
}
