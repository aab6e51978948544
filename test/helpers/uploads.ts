import { readFileSync } from 'node:fs';
import { SHARED_DATA } from './real-data';
import type { TestServer } from './test-server';

export interface UploadStatus {
  upload_id: string;
  status: string;
  filename: string;
  facts_extracted: number;
  chunks_created: number;
  document_id?: string;
  error_details?: { code: string; message: string; stage: string };
}

/** A file of the shared test data (path relative to ../shared/data), as a browser would send it. */
export function sharedFile(path: string, type = ''): File {
  return new File([readFileSync(`${SHARED_DATA}${path}`)], path.split('/').at(-1) ?? path, { type });
}

/** POST /upload with the file and extra form fields. */
export async function uploadFile(server: TestServer, file: File, fields: Record<string, string> = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  form.set('file', file);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const res = await server.request('POST', '/upload', { rawBody: form });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Polls GET /upload/{id}/status until the upload leaves `processing`. */
export async function waitForUpload(server: TestServer, id: string, timeoutMs = 30_000): Promise<UploadStatus> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { body } = await server.json<UploadStatus>('GET', `/upload/${id}/status`);
    if (body.status !== 'processing') return body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`upload ${id} still processing after ${timeoutMs} ms`);
}

/** Uploads a file of the shared data and waits until it leaves `processing`: its final status. */
export async function uploadShared(server: TestServer, path: string, type = '', timeoutMs = 100_000): Promise<UploadStatus> {
  const res = await uploadFile(server, sharedFile(path, type));
  return waitForUpload(server, String(res.body.upload_id), timeoutMs);
}
