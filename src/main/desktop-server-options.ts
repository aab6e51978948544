import { resolveConfig, type EngineConfig } from '../core/config';
import type { AdapterOptions } from '../adapters/default-adapters';
import { defaultExtractWorkers } from '../adapters/workers/worker-extractor';
import { rootAdapters, type RootFolders } from '../node/root-adapters';

export interface DesktopServerOptions {
  engine: EngineConfig;
  host: string;
  uiDir: string;
  adapters: AdapterOptions;
}

/**
 * The desktop app's engine and server options, apart from the port. Kept out of the entry file
 * so that it can be checked without Electron: the entry only supplies Electron's folders.
 */
export function desktopServerOptions(folders: RootFolders, app: { dataDir: string; version: string }): DesktopServerOptions {
  const engine = resolveConfig({ dataDir: app.dataDir, version: app.version });
  const { adapters, uiDir } = rootAdapters(folders, { models: engine.models, extractWorkers: defaultExtractWorkers() });
  return { engine, host: '127.0.0.1', uiDir, adapters };
}
