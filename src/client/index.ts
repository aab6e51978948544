/**
 * The Knowledge Desk client library: fetch only, no Node built-ins, so the desktop window, a
 * browser, the CLI and the agent tool server share it. Node-only helpers (SVC_API_KEY, files on
 * disk) are in ./node.ts.
 */
export { KbClient, DEFAULT_BASE_URL, type KbClientOptions, type CallOptions, type UploadOptions } from './kb-client';
export { ApiError, RateLimitError, InsufficientCoverageError, ConnectionError, WaitTimeoutError } from './errors';
export { readSse } from './sse';
export type { FetchLike, RetryPolicy } from './transport';
export type { WaitOptions } from './wait';
export type * from './types';
export { TOOL_MODES, queryFor, type ToolMode, type ToolQuery } from './modes';
