import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { Engine } from '../../core/engine';
import { KbError } from '../../core/errors';
import { newId } from '../../core/ids';
import { createApiSchemas } from '../../shared/api-schemas';
import * as out from '../../shared/api-response-schemas';
import { toErrorResponse } from './error-response';
import { hostGuard, isAllowedOrigin } from './local-guards';
import { mountMcp } from './mcp-route';
import { mountUi } from './static-ui';
import { mountRoute, registerRoute, route, type AnyRouteSpec, type AppEnv } from './route-spec';
import { accountRoutes } from './routes/account-routes';
import { backupRoutes } from './routes/backup-routes';
import { conversationRoutes } from './routes/conversation-routes';
import { documentRoutes } from './routes/document-routes';
import { folderRoutes } from './routes/folder-routes';
import { graphRoutes } from './routes/graph-routes';
import { ingestRoutes } from './routes/ingest-routes';
import { queryRoutes } from './routes/query-routes';
import { settingsRoutes } from './routes/settings-routes';
import { modelSetupRoutes } from './routes/model-setup-routes';
import { systemRoutes } from './routes/system-routes';
import { uploadRoutes } from './routes/upload-routes';

export interface HttpOptions {
  /** The port the server listens on: the app's own origin is http://127.0.0.1:<port>. */
  port: number;
  /** Host names served besides loopback (DNS-rebinding guard). */
  allowedHosts?: string[];
  /** Browser origins allowed besides the app's own. */
  allowedOrigins?: string[];
  log?: (message: string, error: unknown) => void;
  /** The built renderer (out/renderer), served at `/`; absent: API only. */
  uiDir?: string;
}

/**
 * Builds the HTTP API as a fetch-style handler around an engine; `app.request()` runs it
 * in-process in tests, and serve.ts puts it on a socket.
 */
export function createHttpApp(engine: Engine, options: HttpOptions): { app: Hono<AppEnv>; openapi: () => unknown } {
  const log = options.log ?? ((message, error) => console.error(message, error));
  const schemas = createApiSchemas(engine.config.limits);
  const app = new Hono<AppEnv>();

  app.onError((error, c) => {
    const res = toErrorResponse(error, c.get('requestId') ?? newId('req'), log);
    return c.json(res.body, res.status, res.headers);
  });
  app.notFound((c) => c.json({ success: false, error: { code: 'not_found', message: `no endpoint ${c.req.method} ${c.req.path}` } }, 404));

  app.use(async (c, next) => {
    c.set('requestId', newId('req'));
    await next();
  });
  app.use(hostGuard(options.allowedHosts ?? []));
  app.use(cors({ origin: (origin) => (isAllowedOrigin(origin, options.port, options.allowedOrigins ?? []) ? origin : null), exposeHeaders: ['Retry-After'] }));
  const limitBody = (maxBytes: number | undefined): MiddlewareHandler<AppEnv> => {
    const maxSize = maxBytes ?? engine.config.limits.maxRequestBytes;
    return bodyLimit({
      maxSize,
      onError: () => {
        throw new KbError('payload_too_large', `request body is over the ${maxSize}-byte limit`);
      },
    });
  };

  const authenticate: MiddlewareHandler<AppEnv> = async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const auth = await engine.accounts.authenticate(match?.[1] ?? null);
    engine.accounts.checkRate(auth);
    c.set('auth', auth);
    await next();
  };

  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer', description: 'svc_live_… or svc_ent_… API key' });
  const routes: AnyRouteSpec[] = [
    route({
      method: 'get',
      path: '/health',
      summary: 'Health check (no authentication)',
      tag: 'service',
      auth: false,
      response: out.health,
      handle: async ({ c }) => c.json(await engine.health()),
    }),
    ...ingestRoutes(engine, schemas),
    ...queryRoutes(engine, schemas, log),
    ...conversationRoutes(engine, schemas),
    ...documentRoutes(engine, schemas),
    ...folderRoutes(engine, schemas),
    ...graphRoutes(engine),
    ...systemRoutes(engine),
    ...uploadRoutes(engine),
    ...settingsRoutes(engine),
    ...modelSetupRoutes(engine),
    ...accountRoutes(engine, schemas),
    ...backupRoutes(engine),
  ];
  for (const spec of routes) {
    registerRoute(registry, spec);
    mountRoute(app, spec, authenticate, limitBody);
  }

  let document: unknown = null;
  const openapi = (): unknown =>
    (document ??= new OpenApiGeneratorV31(registry.definitions).generateDocument({
      openapi: '3.1.0',
      info: { title: 'Knowledge Desk API', version: engine.config.version, description: 'Local knowledge base: ingest, graph, cited answers.' },
      servers: [{ url: `http://127.0.0.1:${options.port}` }],
    }));
  app.get('/openapi.json', authenticate, (c) => c.json(openapi() as Record<string, unknown>));
  mountMcp(app, { authenticate, limitBody, version: engine.config.version });
  if (options.uiDir) mountUi(app, options.uiDir);
  return { app, openapi };
}
