import { createHttpApp } from '../../src/adapters/http/create-app';
import { listen, type RunningServer } from '../../src/adapters/http/serve';
import { startTestServer, type TestServer } from './test-server';
import type { EngineConfig } from '../../src/core/config';

export interface ListeningServer {
  test: TestServer;
  /** http://127.0.0.1:<port> of the real server on a socket. */
  url: string;
  ownerKey: string;
  close(): Promise<void>;
}

/**
 * The test server's engine behind a real socket on 127.0.0.1 (a free port), for clients that run
 * in another process (the CLI, the stdio tool server) or speak HTTP themselves.
 */
export async function startListeningServer(overrides: Partial<EngineConfig> = {}): Promise<ListeningServer> {
  const test = await startTestServer(overrides);
  let running: RunningServer | null = null;
  try {
    const { app } = createHttpApp(test.engine, { port: 0, log: () => undefined });
    running = await listen(app, '127.0.0.1', 0);
  } catch (error) {
    await test.close();
    throw error;
  }
  const server = running;
  return {
    test,
    url: server.url,
    ownerKey: test.ownerKey,
    async close() {
      await server.close();
      await test.close();
    },
  };
}
