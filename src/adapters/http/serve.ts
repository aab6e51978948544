import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import type { AppEnv } from './route-spec';

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Puts the app on a socket; 127.0.0.1 unless the caller configured another address. */
export function listen(app: Hono<AppEnv>, host: string, port: number): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    let server: ServerType | null = null;
    server = serve({ fetch: app.fetch, hostname: host, port }, (info) => {
      const shownHost = host.includes(':') ? `[${host}]` : host;
      resolve({
        url: `http://${shownHost}:${info.port}`,
        port: info.port,
        close: () =>
          new Promise<void>((done) => {
            if (!server) return done();
            if ('closeAllConnections' in server) server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
    server.once('error', reject);
  });
}
