import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ModelSettings, SettingsStore } from '../core/models/model-settings';

/** Model settings as `settings.json` in the data folder, replaced atomically, readable only by the user. */
export function createSettingsFile(dataDir: string): SettingsStore {
  const file = join(dataDir, 'settings.json');
  return {
    async load() {
      try {
        const saved = JSON.parse(await readFile(file, 'utf8')) as { models?: Partial<ModelSettings> };
        return saved.models ?? null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw new Error(`${file} could not be read: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
    },
    async save(settings) {
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, `${JSON.stringify({ models: settings }, null, 2)}\n`, { mode: 0o600 });
      await rename(temporary, file);
    },
  };
}
