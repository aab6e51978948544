/**
 * The real server for one configuration: the engine on the benchmark's data folder behind a
 * socket on 127.0.0.1 (a free port), and a client that talks to it over HTTP like any other
 * program. No language model and no neural embedder: the default offline set.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHttpApp } from '../../src/adapters/http/create-app';
import { listen } from '../../src/adapters/http/serve';
import { KbClient } from '../../src/client/index';
import { DEFAULT_RETRIEVAL, type EngineConfig, type RetrievalConfig } from '../../src/core/config';
import { openBenchEngine } from '../bench-engine';
import type { KnowledgeBase } from '../../src/core/knowledge-base';

export interface QualityServer {
  client: KbClient;
  /** The same knowledge base in-process, for what the API does not show (the answer signals). */
  kb: KnowledgeBase;
  url: string;
  close(): Promise<void>;
}

/** `overrides`: other engine settings (the Ollama host of a run with a model). */
export async function startQualityServer(dataDir: string, retrieval: Partial<RetrievalConfig>, extractWorkers: number, overrides: Partial<EngineConfig> = {}): Promise<QualityServer> {
  const { engine, kb } = await openBenchEngine(dataDir, { ...overrides, retrieval: { ...DEFAULT_RETRIEVAL, ...retrieval } }, undefined, extractWorkers, overrides.ollamaHost !== undefined);
  try {
    const { app } = createHttpApp(engine, { port: 0, log: (message, error) => console.error(message, error) });
    const server = await listen(app, '127.0.0.1', 0);
    const apiKey = readFileSync(join(dataDir, 'owner.key'), 'utf8').trim();
    const client = new KbClient({ baseUrl: server.url, apiKey });
    return {
      client,
      kb,
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
