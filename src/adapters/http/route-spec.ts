import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import type { AuthContext } from '../../core/accounts/account-service';
import { errorBody } from '../../shared/api-response-schemas';
import { validationError } from './error-response';

export type AppEnv = { Variables: { auth: AuthContext; requestId: string } };

export interface RouteInput<B, Q> {
  c: Context<AppEnv>;
  auth: AuthContext;
  body: B;
  query: Q;
  params: Record<string, string>;
}

/**
 * One endpoint, declared once: the same object mounts the handler, validates the request and
 * writes the OpenAPI entry, so the documentation cannot drift from what the server enforces.
 */
export interface RouteSpec<B = undefined, Q = undefined> {
  method: 'get' | 'post' | 'put' | 'delete';
  /** OpenAPI style: `/job-status/{job_id}`. */
  path: string;
  summary: string;
  tag: string;
  /** false only for health, signup and login. */
  auth: boolean;
  /** Refuses the caller (throws) before the request's body or query is even parsed. */
  guard?: (auth: AuthContext) => void;
  body?: z.ZodType<B>;
  /** A multipart form (read by the handler itself); documented, not parsed as JSON. */
  form?: z.ZodObject;
  /** Largest body this route reads; the app's request limit when absent. */
  maxBodyBytes?: number;
  query?: z.ZodType<Q>;
  response: z.ZodType;
  /** A file download: the 200 body is raw bytes of this media type, and `response` is ignored. */
  download?: string;
  /** Also answers `text/event-stream`. */
  streams?: z.ZodType;
  errors?: number[];
  handle(input: RouteInput<B, Q>): Promise<Response>;
}

// Handlers are typed where they are declared; the list only needs to hold them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRouteSpec = RouteSpec<any, any>;

export function route<B = undefined, Q = undefined>(spec: RouteSpec<B, Q>): RouteSpec<B, Q> {
  return spec;
}

function parse<T>(schema: z.ZodType<T> | undefined, value: unknown): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

export function mountRoute(
  app: Hono<AppEnv>,
  spec: AnyRouteSpec,
  authenticate: MiddlewareHandler<AppEnv>,
  limitBody: (maxBytes: number | undefined) => MiddlewareHandler<AppEnv>,
): void {
  const honoPath = spec.path.replace(/\{(\w+)\}/g, ':$1');
  // Authentication first, so nobody without a key can make the server read a large body.
  const guards = spec.auth ? [authenticate, limitBody(spec.maxBodyBytes)] : [limitBody(spec.maxBodyBytes)];
  app.on([spec.method.toUpperCase()], [honoPath], ...guards, async (c) => {
    spec.guard?.(c.get('auth'));
    const raw: unknown = spec.body ? await c.req.json() : undefined;
    return spec.handle({
      c,
      auth: c.get('auth'),
      body: parse(spec.body, raw),
      query: parse(spec.query, c.req.query()),
      params: c.req.param() as Record<string, string>,
    });
  });
}

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid request',
  401: 'Missing, malformed, unknown or revoked API key',
  404: 'Unknown identifier (or one that belongs to another account)',
  403: 'Not allowed for this account',
  409: 'Conflict',
  413: 'Body over the configured limit',
  429: 'Rate limit or quota exceeded; see retryAfterSeconds',
  503: 'The language model named in `model` failed or went away before the answer was complete (model_unavailable)',
};

export function registerRoute(registry: OpenAPIRegistry, spec: AnyRouteSpec): void {
  const params = [...spec.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
  const errors = [...new Set([400, ...(spec.auth ? [401, 429] : []), ...(spec.errors ?? [])])];
  const ok = spec.download
    ? { [spec.download]: { schema: z.string().meta({ format: 'binary' }) } }
    : spec.streams
    ? { 'application/json': { schema: spec.response }, 'text/event-stream': { schema: spec.streams } }
    : { 'application/json': { schema: spec.response } };
  registry.registerPath({
    method: spec.method,
    path: spec.path,
    summary: spec.summary,
    tags: [spec.tag],
    ...(spec.auth ? { security: [{ bearerAuth: [] }] } : {}),
    request: {
      ...(spec.body ? { body: { content: { 'application/json': { schema: spec.body } }, required: true } } : {}),
      ...(spec.form ? { body: { content: { 'multipart/form-data': { schema: spec.form } }, required: true } } : {}),
      ...(spec.query ? { query: spec.query as z.ZodObject } : {}),
      ...(params.length > 0 ? { params: registryParams(params) } : {}),
    },
    responses: {
      200: { description: 'OK', content: ok },
      ...Object.fromEntries(
        errors.map((status) => [status, { description: ERROR_TEXT[status] ?? 'Error', content: { 'application/json': { schema: errorBody } } }]),
      ),
    },
  });
}

function registryParams(names: string[]): z.ZodObject {
  return z.object(Object.fromEntries(names.map((n) => [n, z.string()])));
}
