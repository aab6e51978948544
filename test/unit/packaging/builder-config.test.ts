import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builderConfig, quietLogger, type BuilderConfig } from './electron-builder-lib';

const root = join(import.meta.dirname, '..', '..', '..');
const load = (): Promise<BuilderConfig> => builderConfig.getConfig(root, 'electron-builder.yml', null);

describe('electron-builder.yml', () => {
  it("passes electron-builder's own validation (its schema and deprecation checks)", async () => {
    await expect(builderConfig.validateConfiguration(await load(), quietLogger())).resolves.toBeUndefined();
  });

  it('is judged by a validator that rejects a misspelt option', async () => {
    const config = await load();
    const broken = { ...config, linux: { ...(config.linux as object), tagret: ['AppImage'] } };
    await expect(builderConfig.validateConfiguration(broken, quietLogger())).rejects.toThrow(/Invalid configuration object[\s\S]*linux/);
  });

  it('builds installers for the three systems, from out/ and the resources beside it', async () => {
    const config = await load();
    expect(Object.keys(config)).toEqual(expect.arrayContaining(['linux', 'mac', 'win']));
    expect((config.files as { filter: string[] }[])[0]?.filter).toContain('out/**/*');
    expect(config.npmRebuild).toBe(true);
    const extra = config.extraResources as { from: string; to: string }[];
    for (const { from } of extra) expect(statSync(join(root, from)).isDirectory()).toBe(true);
    expect(extra.map((e) => [e.from, e.to ?? '.'])).toEqual([['resources', '.'], ['node_modules/@tesseract.js-data/eng/4.0.0_best_int', 'ocr']]);
    expect(existsSync(join(root, extra[1]!.from, 'eng.traineddata.gz'))).toBe(true);
  });

  it('signs macOS builds with the entitlements V8 and the native modules need', async () => {
    const mac = (await load()).mac as { entitlements: string; entitlementsInherit: string; hardenedRuntime: boolean };
    expect(mac.hardenedRuntime).toBe(true);
    const plist = readFileSync(join(root, mac.entitlements), 'utf8');
    expect(mac.entitlementsInherit).toBe(mac.entitlements);
    for (const key of ['allow-jit', 'allow-unsigned-executable-memory', 'disable-library-validation']) {
      expect(plist).toMatch(new RegExp(`<key>com\\.apple\\.security\\.cs\\.${key}</key>\\s*<true/>`));
    }
  });

  it("never rebuilds native modules at npm install, where Electron's headers may be out of reach", () => {
    const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    for (const hook of ['preinstall', 'install', 'postinstall', 'prepare']) expect(scripts[hook] ?? '').not.toMatch(/rebuild|install-app-deps/);
    expect(scripts['rebuild:electron']).toBe('electron-builder install-app-deps');
    for (const system of ['linux', 'mac', 'win']) expect(scripts[`build:${system}`]).toBe(`electron-vite build && electron-builder --${system}`);
  });
});
