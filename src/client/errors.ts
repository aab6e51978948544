import type { ErrorBody, QueryResponse } from '../shared/api-types';

/**
 * The documented error body (`{success:false, error:{code, message, details?, request_id?}}`) of
 * any non-2xx response, as one class; `code` is the stable thing to branch on.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: { field: string; problem: string }[];
  readonly requestId: string | undefined;
  readonly body: ErrorBody | null;

  constructor(status: number, body: ErrorBody | null, fallbackMessage: string) {
    super(body?.error.message ?? fallbackMessage);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.error.code ?? `http_${status}`;
    this.details = body?.error.details ?? [];
    this.requestId = body?.error.request_id;
    this.body = body;
  }
}

/** 429 `rate_limited` or `quota_exceeded` that outlasted the client's bounded retries. */
export class RateLimitError extends ApiError {
  /** Seconds the server asked to wait before the next try. */
  readonly retryAfterSeconds: number | null;
  /** Requests sent, the first one included. */
  readonly attempts: number;

  constructor(status: number, body: ErrorBody | null, retryAfterSeconds: number | null, attempts: number) {
    super(status, body, 'rate limited');
    this.name = 'RateLimitError';
    this.retryAfterSeconds = retryAfterSeconds;
    this.attempts = attempts;
  }
}

/**
 * Opt-in: thrown instead of returning a 200 body with `insufficient_coverage: true`, so a caller
 * cannot mistake "the knowledge base does not know" for an answer.
 */
export class InsufficientCoverageError extends Error {
  readonly query: string;
  /** The body as the server sent it (non-streaming queries only). */
  readonly response: QueryResponse | null;

  constructor(query: string, response: QueryResponse | null) {
    super(`the knowledge base holds nothing relevant to: ${query}`);
    this.name = 'InsufficientCoverageError';
    this.query = query;
    this.response = response;
  }
}

/** The server could not be reached at all (refused, reset, DNS): no HTTP status exists. */
export class ConnectionError extends Error {
  readonly url: string;

  constructor(url: string, cause: unknown) {
    super(`The Knowledge Desk server at ${url} is not answering (${cause instanceof Error ? cause.message : String(cause)}).`, { cause });
    this.name = 'ConnectionError';
    this.url = url;
  }
}

/** A job or upload did not end within the time the caller allowed. */
export class WaitTimeoutError extends Error {
  constructor(what: string, timeoutMs: number) {
    super(`${what} did not finish within ${Math.round(timeoutMs / 1000)} s`);
    this.name = 'WaitTimeoutError';
  }
}
