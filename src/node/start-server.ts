import type { EngineConfig } from '../core/config';
import { createEngine, type Engine } from '../core/engine';
import type { OwnerKey } from '../core/accounts/owner-account';
import { createDefaultAdapters, type AdapterOptions } from '../adapters/default-adapters';
import { createHttpApp } from '../adapters/http/create-app';
import { listen, type RunningServer } from '../adapters/http/serve';

export interface StartedServer {
  engine: Engine;
  server: RunningServer;
  owner: OwnerKey;
  resumedJobs: number;
  stop(): Promise<void>;
}

/** Engine + HTTP server, shared by the headless entry and the Electron main process. */
export async function startServer(options: {
  engine: EngineConfig;
  host: string;
  port: number;
  allowedHosts?: string[];
  allowedOrigins?: string[];
  adapters?: AdapterOptions;
  /** The built renderer, served at `/`. */
  uiDir?: string;
}): Promise<StartedServer> {
  // Local models are always offered; with no Ollama and no model everything runs on the built-in parts.
  const adapters = { ...options.adapters, models: options.adapters?.models ?? { config: options.engine.models, modelDirs: [] } };
  const engine = createEngine(options.engine, createDefaultAdapters(options.engine.dataDir, adapters));
  const { owner, resumedJobs } = await engine.start();
  const { app } = createHttpApp(engine, {
    port: options.port,
    allowedHosts: options.allowedHosts ?? [],
    allowedOrigins: options.allowedOrigins ?? [],
    ...(options.uiDir ? { uiDir: options.uiDir } : {}),
  });
  const server = await listen(app, options.host, options.port);
  return {
    engine,
    server,
    owner,
    resumedJobs,
    async stop() {
      await server.close();
      await engine.close();
    },
  };
}
