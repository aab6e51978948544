import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Hono, MiddlewareHandler } from 'hono';
import { KbClient } from '../../client/kb-client';
import type { FetchLike } from '../../client/transport';
import { newJobRegistry } from '../../mcp/new-job-registry';
import { createToolServer } from '../../mcp/tool-server';
import { untilClientLeaves } from './request-abort';
import type { AppEnv } from './route-spec';

const MAX_MCP_BODY_BYTES = 1024 * 1024;

export interface McpRouteDeps {
  authenticate: MiddlewareHandler<AppEnv>;
  limitBody: (maxBytes: number) => MiddlewareHandler<AppEnv>;
  version: string;
}

/**
 * The agent tool server over streamable HTTP at `/mcp`, stateless: each POST gets its own
 * McpServer, while the jobs live in one registry for the life of the server, scoped per account.
 * The tools call this same API in-process with the caller's key, so authentication, quotas and
 * account isolation are the API's own. The app's Host guard and CORS apply as to every route.
 */
export function mountMcp(app: Hono<AppEnv>, deps: McpRouteDeps): void {
  const jobs = newJobRegistry();
  // No socket: requests go straight to the app, with a loopback Host for the DNS-rebinding guard.
  const inProcess: FetchLike = async (url, init) => {
    const headers = new Headers(init.headers);
    headers.set('host', '127.0.0.1');
    return app.fetch(new Request(url, { ...init, headers }));
  };

  app.post('/mcp', deps.authenticate, deps.limitBody(MAX_MCP_BODY_BYTES), async (c) => {
    const apiKey = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const client = new KbClient({ baseUrl: 'http://127.0.0.1', apiKey, fetch: inProcess, retry: { maxRetries: 0 } });
    const server = createToolServer({ client, jobs, scope: c.get('auth').account.id, version: deps.version });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      // A client that hangs up mid long-poll ends the wait instead of holding it for 55 s.
      return await untilClientLeaves(c, () => void server.close(), () => transport.handleRequest(c.req.raw));
    } finally {
      await server.close();
    }
  });
  // Stateless: no server-to-client stream and no session to end.
  app.on(['GET', 'DELETE'], '/mcp', deps.authenticate, (c) => c.body(null, 405, { Allow: 'POST' }));
}
