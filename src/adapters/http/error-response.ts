import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import { KbError, type ErrorCode } from '../../core/errors';
import type { ErrorBody } from '../../shared/api-types';

/** The one place where error codes become HTTP statuses. */
const STATUS: Record<ErrorCode, ContentfulStatusCode> = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  quota_exceeded: 429,
  model_unavailable: 503,
  internal: 500,
};

export interface ErrorResponse {
  status: ContentfulStatusCode;
  body: ErrorBody;
  headers: Record<string, string>;
}

/** Maps anything thrown while handling a request to the documented error body. */
export function toErrorResponse(error: unknown, requestId: string, log: (message: string, error: unknown) => void): ErrorResponse {
  const kb = asKbError(error);
  if (!kb) {
    log(`request ${requestId} failed`, error);
    return {
      status: 500,
      body: { success: false, error: { code: 'internal', message: 'internal error: this is a bug; the server log has the details', request_id: requestId } },
      headers: {},
    };
  }
  const headers: Record<string, string> = {};
  if (kb.code === 'unauthorized') headers['WWW-Authenticate'] = 'Bearer';
  if (kb.retryAfterSeconds !== undefined) headers['Retry-After'] = String(kb.retryAfterSeconds);
  return {
    status: STATUS[kb.code],
    headers,
    body: {
      success: false,
      error: {
        code: kb.code,
        message: kb.message,
        ...(kb.details ? { details: kb.details } : {}),
        ...(kb.code === 'internal' ? { request_id: requestId } : {}),
      },
      ...(kb.retryAfterSeconds !== undefined ? { retryAfterSeconds: kb.retryAfterSeconds } : {}),
    },
  };
}

function asKbError(error: unknown): KbError | null {
  if (error instanceof KbError) return error;
  if (error instanceof HTTPException) {
    if (error.status === 413) return new KbError('payload_too_large', 'request body is too large');
    if (error.status === 400) return new KbError('invalid_request', error.message || 'malformed request');
    if (error.status === 404) return new KbError('not_found', 'no such endpoint');
  }
  // A body that is not valid JSON surfaces as a SyntaxError from the JSON parser.
  if (error instanceof SyntaxError) return new KbError('invalid_request', 'request body is not valid JSON');
  return null;
}

/** Zod's issues as the documented `details` list. */
export function validationError(error: ZodError): KbError {
  const details = error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.join('.') : 'body',
    problem: issue.message,
  }));
  const first = details[0];
  return new KbError('invalid_request', first ? `${first.field}: ${first.problem}` : 'invalid request', { details });
}
