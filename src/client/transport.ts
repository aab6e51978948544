import type { ErrorBody } from '../shared/api-types';
import { ApiError, ConnectionError, RateLimitError } from './errors';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface RetryPolicy {
  /** Retries after a 429 (0 = fail at once). Default 3. */
  maxRetries: number;
  /** A longer `retryAfterSeconds` (a monthly quota, say) is not waited for: RateLimitError at once. Default 60. */
  maxWaitSeconds: number;
  /** Wait when the server names none: doubled on each retry. Default 1. */
  baseDelaySeconds: number;
}

export interface TransportOptions {
  baseUrl: string;
  apiKey: string | undefined;
  fetch: FetchLike;
  retry: RetryPolicy;
  /** Injected in tests to observe the waits; defaults to a real timer. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  json?: unknown;
  form?: FormData;
  accept?: string;
  signal?: AbortSignal;
  /** Signup and login send no key even when the client has one. */
  anonymous?: boolean;
}

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 3, maxWaitSeconds: 60, baseDelaySeconds: 1 };

async function errorBody(res: Response): Promise<ErrorBody | null> {
  try {
    const body = (await res.json()) as Partial<ErrorBody>;
    return body && typeof body === 'object' && body.error && typeof body.error.message === 'string' ? (body as ErrorBody) : null;
  } catch {
    return null;
  }
}

function retryAfter(res: Response, body: ErrorBody | null): number | null {
  if (typeof body?.retryAfterSeconds === 'number') return body.retryAfterSeconds;
  const header = Number(res.headers.get('retry-after'));
  return Number.isFinite(header) && header >= 0 ? header : null;
}

/**
 * Sends one API request and returns the 2xx response; anything else becomes an ApiError. A 429 is
 * retried a bounded number of times, waiting what the server asked (`retryAfterSeconds`) or a
 * doubling delay, and then surfaces as RateLimitError. Retrying is safe: a limited request was
 * refused before any work was done.
 */
export async function send(options: TransportOptions, spec: RequestSpec): Promise<Response> {
  const url = `${options.baseUrl}${spec.path}`;
  const headers: Record<string, string> = { accept: spec.accept ?? 'application/json' };
  if (options.apiKey && !spec.anonymous) headers.authorization = `Bearer ${options.apiKey}`;
  if (spec.json !== undefined) headers['content-type'] = 'application/json';
  const body = spec.json !== undefined ? JSON.stringify(spec.json) : spec.form;

  for (let attempt = 1; ; attempt++) {
    let res: Response;
    try {
      res = await options.fetch(url, { method: spec.method, headers, body, signal: spec.signal });
    } catch (error) {
      if (spec.signal?.aborted) throw error;
      throw new ConnectionError(options.baseUrl, error);
    }
    if (res.ok) return res;
    const parsed = await errorBody(res);
    if (res.status !== 429) throw new ApiError(res.status, parsed, `HTTP ${res.status} from ${spec.method} ${spec.path}`);
    const wait = retryAfter(res, parsed);
    const delay = wait ?? options.retry.baseDelaySeconds * 2 ** (attempt - 1);
    if (attempt > options.retry.maxRetries || delay > options.retry.maxWaitSeconds) {
      throw new RateLimitError(res.status, parsed, wait, attempt);
    }
    await options.sleep(delay * 1000, spec.signal);
  }
}

/** Sends a request and reads its JSON body as `T`. */
export async function sendJson<T>(options: TransportOptions, spec: RequestSpec): Promise<T> {
  const res = await send(options, spec);
  return (await res.json()) as T;
}
