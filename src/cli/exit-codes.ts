import { ApiError, ConnectionError, InsufficientCoverageError, RateLimitError, WaitTimeoutError } from '../client/errors';

/** Exit codes scripts can rely on (listed in the README and in `kb --help`). */
export const EXIT = {
  ok: 0,
  /** A bug or an unexpected failure. */
  internal: 1,
  /** Bad arguments or options. */
  usage: 2,
  /** The API refused the request: invalid input, unknown id, too large, unsupported type. */
  rejected: 3,
  /** Missing, unknown or revoked key (401), or a host the server does not serve (403). */
  auth: 4,
  /** Rate limit or monthly quota (429), after the client's bounded retries. */
  limited: 5,
  /** The server cannot be reached. */
  unreachable: 6,
  /** A job or upload failed, or did not finish in time. */
  jobFailed: 7,
  /** The knowledge base holds nothing relevant to the question. */
  insufficientCoverage: 8,
} as const;

export const EXIT_HELP = `Exit codes:
  0  success
  1  unexpected error (a bug)
  2  bad arguments or options
  3  the API refused the request (invalid input, unknown id, too large, unsupported type)
  4  missing, unknown or revoked API key (or a host the server does not serve)
  5  rate limit or monthly quota reached
  6  the server cannot be reached
  7  a job or upload failed, or did not finish in time
  8  the knowledge base holds nothing relevant to the question`;

/** Thrown by commands to end with a given code and message. */
export class CliExit extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'CliExit';
  }
}

export function exitCodeOf(error: unknown): number {
  if (error instanceof CliExit) return error.code;
  if (error instanceof RateLimitError) return EXIT.limited;
  if (error instanceof ApiError) return error.status === 401 || error.status === 403 ? EXIT.auth : error.status >= 500 ? EXIT.internal : EXIT.rejected;
  if (error instanceof ConnectionError) return EXIT.unreachable;
  if (error instanceof InsufficientCoverageError) return EXIT.insufficientCoverage;
  if (error instanceof WaitTimeoutError) return EXIT.jobFailed;
  return EXIT.internal;
}
