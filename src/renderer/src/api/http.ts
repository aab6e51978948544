import type { ErrorBody } from '../../../shared/api-types';
import type { Connection } from './connection';

/** A refused request, with the API's error code and message (see the README's error table). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  accept?: string;
  /** Signup and login send no key. */
  anonymous?: boolean;
}

/**
 * The renderer's thin door to the HTTP API until the shared client library (src/client) lands;
 * the screens depend only on the functions in api/, so switching is a change in this folder.
 */
export async function send(connection: Connection, method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: options.accept ?? 'application/json' };
  if (!options.anonymous) headers.authorization = `Bearer ${connection.apiKey}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${connection.baseUrl}${path}`, {
      method,
      headers,
      body: options.json !== undefined ? JSON.stringify(options.json) : options.form,
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, 'unreachable', `The local server at ${connection.baseUrl} is not answering.`);
  }
  if (res.ok) return res;
  let body: Partial<ErrorBody> | null = null;
  try {
    body = (await res.json()) as Partial<ErrorBody>;
  } catch {
    body = null;
  }
  throw new ApiError(res.status, body?.error?.code ?? 'http_error', body?.error?.message ?? `HTTP ${res.status}`);
}

export async function getJson<T>(connection: Connection, path: string, signal?: AbortSignal): Promise<T> {
  return (await send(connection, 'GET', path, { signal })).json() as Promise<T>;
}

export async function sendJson<T>(connection: Connection, method: string, path: string, json?: unknown): Promise<T> {
  return (await send(connection, method, path, json === undefined ? {} : { json })).json() as Promise<T>;
}
