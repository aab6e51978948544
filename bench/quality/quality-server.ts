/**
 * The real server for one pipeline: the engine on the benchmark's data folder behind a socket on
 * 127.0.0.1 (a free port), and a client that talks to it over HTTP like any other program.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHttpApp } from '../../src/adapters/http/create-app';
import { listen } from '../../src/adapters/http/serve';
import { KbClient } from '../../src/client/index';
import type { EngineAdapters } from '../../src/core/engine';
import { openBenchEngine } from '../bench-engine';
import type { Pipeline } from './pipelines';

export interface QualityServer {
  client: KbClient;
  url: string;
  close(): Promise<void>;
}

export async function startQualityServer(dataDir: string, pipeline: Pipeline, extractWorkers: number): Promise<QualityServer> {
  const withoutEmbedder = pipeline.embedder ? undefined : (adapters: EngineAdapters): EngineAdapters => ({ ...adapters, embedder: null });
  const { engine } = await openBenchEngine(dataDir, { retrieval: pipeline.retrieval }, withoutEmbedder, extractWorkers);
  try {
    const { app } = createHttpApp(engine, { port: 0, log: (message, error) => console.error(message, error) });
    const server = await listen(app, '127.0.0.1', 0);
    const apiKey = readFileSync(join(dataDir, 'owner.key'), 'utf8').trim();
    const client = new KbClient({ baseUrl: server.url, apiKey });
    return {
      client,
      url: server.url,
      async close() {
        await server.close();
        await engine.close();
      },
    };
  } catch (error) {
    await engine.close();
    throw error;
  }
}
