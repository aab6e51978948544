/**
 * A test server whose Ollama is the STAND-IN (ollama-stand-in.ts): the engine offers local models
 * as the server does, its Ollama host is the stand-in's, and both are closed after each test.
 */
import { afterEach, expect } from 'vitest';
import type { AdapterOptions } from '../../src/adapters/default-adapters';
import { resolveConfig, type ModelsConfig } from '../../src/core/config';
import { startOllamaStandIn, type ChatBody, type OllamaStandIn, type ScriptedReply, type StandInModel } from './ollama-stand-in';
import { startTestServer, waitForJob, type TestServer } from './test-server';

export const CURIE = 'Marie Curie was born in Warsaw in 1867. She discovered polonium with Pierre Curie. Marie Curie worked in Paris.';
export const TINY_CHAT: StandInModel = { name: 'tiny-chat:latest', contextLength: 4096, capabilities: ['completion'] };

export interface WithStandIn {
  standIn: OllamaStandIn;
  server: TestServer;
}

export interface StandInOptions {
  /** What the stand-in has installed; by default one small chat model. */
  models?: StandInModel[];
  /** Model settings saved through PUT /settings/models once the server is up. */
  settings?: Record<string, unknown>;
  /** Changes to the engine's model configuration. */
  config?: Partial<ModelsConfig>;
  /** The stand-in's embeddings and further endpoints (e.g. /api/pull), as startOllamaStandIn takes them. */
  standIn?: Pick<Parameters<typeof startOllamaStandIn>[0], 'embed' | 'routes'>;
  /** The transformers.js embedding worker, for tests that install an embedder. */
  embedWorker?: NonNullable<AdapterOptions['models']>['embedWorker'];
}

/**
 * Call once at the top of a test file: returns `start`, which brings up a stand-in and a server
 * on it; everything started in a test is closed after it, however the test ended.
 */
export function useOllamaStandIn(): (reply: (body: ChatBody) => ScriptedReply, options?: StandInOptions) => Promise<WithStandIn> {
  const started: WithStandIn[] = [];
  afterEach(async () => {
    for (const { server, standIn } of started.splice(0)) {
      await server.close();
      await standIn.stop();
    }
  });
  return async (reply, options = {}) => {
    const standIn = await startOllamaStandIn({ ...options.standIn, models: options.models ?? [TINY_CHAT], reply });
    const models = { ...resolveConfig({ dataDir: '/unused' }).models, ...options.config };
    let server: TestServer;
    try {
      server = await startTestServer({ ollamaHost: standIn.host, models }, undefined, { models: { config: models, modelDirs: [], ...(options.embedWorker ? { embedWorker: options.embedWorker } : {}) } });
    } catch (error) {
      await standIn.stop();
      throw error;
    }
    started.push({ standIn, server });
    if (options.settings) expect((await server.json('PUT', '/settings/models', { body: options.settings })).status).toBe(200);
    return { standIn, server };
  };
}

/** Inserts a text and waits for its job to end; returns the job's last status record. */
export async function insertAndWait(server: TestServer, content: string, title: string): Promise<Record<string, unknown>> {
  const { body } = await server.json('POST', '/insert', { body: { content, title } });
  const seen = await waitForJob(server, body.job_id as string, undefined, 60_000);
  return seen.at(-1)!;
}
