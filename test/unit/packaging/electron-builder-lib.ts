import { createRequire } from 'node:module';

/**
 * electron-builder's own configuration loader and validator, and the asar reader it packs with:
 * the tests judge the configuration and the archive with the code that builds the installers.
 */
const fromBuilder = createRequire(createRequire(import.meta.url).resolve('electron-builder/package.json'));
const fromLib = createRequire(fromBuilder.resolve('app-builder-lib/package.json'));

export type BuilderConfig = Record<string, unknown>;

export const builderConfig = fromBuilder('app-builder-lib/out/util/config/config') as {
  getConfig(projectDir: string, configPath: string | null, configFromOptions: BuilderConfig | null): Promise<BuilderConfig>;
  validateConfiguration(config: BuilderConfig, debugLogger: unknown): Promise<void>;
};

const { DebugLogger } = fromBuilder('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };

export function quietLogger(): unknown {
  return new DebugLogger(false);
}

interface AsarEntry {
  files?: Record<string, AsarEntry>;
  unpacked?: boolean;
}

const asar = fromLib('@electron/asar') as { getRawHeader(archive: string): { header: AsarEntry } };

/** Every file in an asar archive, by its path inside, and whether it was left outside (unpacked). */
export function asarFiles(archive: string): Map<string, { unpacked: boolean }> {
  const files = new Map<string, { unpacked: boolean }>();
  const walk = (entry: AsarEntry, path: string): void => {
    if (entry.files) for (const [name, child] of Object.entries(entry.files)) walk(child, path ? `${path}/${name}` : name);
    else files.set(path, { unpacked: entry.unpacked === true });
  };
  walk(asar.getRawHeader(archive).header, '');
  return files;
}
