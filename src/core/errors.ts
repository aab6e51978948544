/**
 * The one error type of the engine. Every failure a caller can see carries a stable `code`;
 * the HTTP adapter maps codes to statuses in one place (adapters/http/error-response.ts).
 */
export type ErrorCode =
  | 'invalid_request'
  | 'unauthorized'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'forbidden'
  | 'rate_limited'
  | 'quota_exceeded'
  | 'model_unavailable'
  | 'internal';

export interface FieldProblem {
  field: string;
  problem: string;
}

export interface KbErrorOptions {
  details?: FieldProblem[];
  retryAfterSeconds?: number;
  cause?: unknown;
}

export class KbError extends Error {
  readonly code: ErrorCode;
  readonly details: FieldProblem[] | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, options: KbErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'KbError';
    this.code = code;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** The standard "does not exist (for you)" error: never reveals that another account owns the id. */
export function notFound(what: string, id: string): KbError {
  return new KbError('not_found', `${what} '${id}' was not found`);
}

export function invalid(field: string, problem: string, message?: string): KbError {
  return new KbError('invalid_request', message ?? `${field}: ${problem}`, {
    details: [{ field, problem }],
  });
}

export function isKbError(error: unknown): error is KbError {
  return error instanceof KbError;
}
