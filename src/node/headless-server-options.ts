import { settingsFromEnv, type ServerSettings } from './config-from-env';
import { rootAdapters, sourceResourcesDir, type RootAdapters } from './root-adapters';

/**
 * The headless server's options: its settings from the environment, and the same adapters as the
 * desktop app from the shared root builder. The headless server always runs from a checkout or an
 * npm install, so what ships beside it is the source's resources/ folder.
 */
export function headlessServerOptions(env: NodeJS.ProcessEnv, version: string, buildDir: string): ServerSettings & RootAdapters {
  const settings = settingsFromEnv(env, version);
  const root = rootAdapters(
    { buildDir, resourcesDir: sourceResourcesDir(buildDir) },
    { models: settings.engine.models, extractWorkers: settings.extractWorkers },
  );
  return { ...settings, ...root };
}
