import { createHttpApp } from '../../src/adapters/http/create-app';
import { listen, type RunningServer } from '../../src/adapters/http/serve';
import { startTestServer, type TestServer } from './test-server';
import { articleText, xquadArticles } from './real-data';
import { KbClient } from '../../src/client/index';
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

/** A listening server holding the named XQuAD articles (titles with spaces), every job finished. */
export async function startSeededServer(articleTitles: string[]): Promise<ListeningServer> {
  const server = await startListeningServer();
  const kb = new KbClient({ baseUrl: server.url, apiKey: server.ownerKey });
  const articles = xquadArticles().filter((a) => articleTitles.includes(a.title.replaceAll('_', ' ')));
  const { job_ids } = await kb.bulkInsert(articles.map((a) => ({ content: articleText(a), title: a.title.replaceAll('_', ' ') })));
  for (const id of job_ids) {
    const job = await kb.waitForJob(id);
    if (job.status !== 'completed') throw new Error(`seeding failed: ${JSON.stringify(job)}`);
  }
  return server;
}
