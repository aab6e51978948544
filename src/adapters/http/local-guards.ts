import type { MiddlewareHandler } from 'hono';
import { KbError } from '../../core/errors';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * DNS-rebinding guard: a web page on another origin can make a browser send requests to this
 * port under its own host name, so only loopback names and configured hosts are served.
 */
export function hostGuard(extraHosts: string[]): MiddlewareHandler {
  const allowed = new Set([...LOOPBACK, ...extraHosts.map((h) => h.toLowerCase())]);
  return async (c, next) => {
    const host = (c.req.header('host') ?? '').toLowerCase();
    const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':')[0] ?? '');
    if (!allowed.has(name)) throw new KbError('forbidden', `host '${host}' is not allowed; use 127.0.0.1 or localhost`);
    await next();
  };
}

/** The origins a browser may call the API from: the app's own and configured ones. */
export function isAllowedOrigin(origin: string, port: number, extraOrigins: string[]): boolean {
  if (extraOrigins.includes(origin)) return true;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK.has(url.hostname) && Number(url.port || 80) === port;
  } catch {
    return false;
  }
}
