import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Hono } from 'hono';
import type { AppEnv } from './route-spec';

/**
 * The window's page allows only its own scripts, styles and API: no inline script, no eval, no
 * other origin, no framing. Sigma draws on WebGL canvases, which need nothing more.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/**
 * Serves the built renderer (index.html and its hashed assets) at `/`, so a browser tab gets the
 * same app as the desktop window. The page holds no data: everything it shows comes from the API
 * with a key, so these files need none.
 */
export function mountUi(app: Hono<AppEnv>, uiDir: string): void {
  const root = normalize(uiDir + sep);
  const serve = async (relative: string, immutable: boolean): Promise<Response | null> => {
    const path = normalize(join(root, relative));
    if (!path.startsWith(root)) return null;
    const bytes = await readFile(path).catch(() => null);
    if (!bytes) return null;
    return new Response(new Uint8Array(bytes), {
      headers: {
        'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
        'content-security-policy': CONTENT_SECURITY_POLICY,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        // Assets carry a content hash in their names; the page itself must always be fresh.
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      },
    });
  };
  app.get('/', async (c) => (await serve('index.html', false)) ?? c.text('The app is not built: run npm run build', 404));
  app.get('/assets/*', async (c, next) => (await serve(decodeURIComponent(c.req.path.slice(1)), true)) ?? next());
}
