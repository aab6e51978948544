import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import { DEFAULT_BASE_URL, KbClient, type KbClientOptions, type UploadOptions } from './kb-client';
import type { UploadResponse } from './types';

/**
 * A client configured from the environment, for Node programs: the key from `SVC_API_KEY` and the
 * server from `SVC_BASE_URL` when the caller passes none (keys never belong in code).
 *
 * @example
 * const kb = createClientFromEnv();            // SVC_API_KEY=svc_live_… node script.js
 * console.log((await kb.query({ query: 'Where was Marie Curie born?' })).summary);
 */
export function createClientFromEnv(options: KbClientOptions = {}, env: NodeJS.ProcessEnv = process.env): KbClient {
  const apiKey = options.apiKey ?? nonEmpty(env.SVC_API_KEY);
  const baseUrl = options.baseUrl ?? nonEmpty(env.SVC_BASE_URL) ?? DEFAULT_BASE_URL;
  return new KbClient({ ...options, baseUrl, ...(apiKey ? { apiKey } : {}) });
}

function nonEmpty(value: string | undefined): string | undefined {
  return value && value.trim().length > 0 ? value.trim() : undefined;
}

/** Uploads a file from disk; the file is streamed from disk, not read into memory first. */
export async function uploadPath(client: KbClient, path: string, options: UploadOptions = {}): Promise<UploadResponse> {
  const blob = await openAsBlob(path);
  return client.upload(blob, { ...options, filename: options.filename ?? basename(path) });
}

export * from './index';
