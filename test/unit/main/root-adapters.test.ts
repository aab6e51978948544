import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import electronViteConfig from '../../../electron.vite.config';
import { desktopServerOptions } from '../../../src/main/desktop-server-options';
import { headlessServerOptions } from '../../../src/node/headless-server-options';
import { rootAdapters, sourceResourcesDir, WORKER_SCRIPTS } from '../../../src/node/root-adapters';
import type { AdapterOptions } from '../../../src/adapters/default-adapters';

const dir = mkdtempSync(join(tmpdir(), 'kb-roots-'));
const checkout = join(dir, 'checkout');
const buildDir = join(checkout, 'out', 'main');
const dataDir = join(dir, 'data');

/** The script file of every worker the adapters name. */
function workerFiles(adapters: AdapterOptions): string[] {
  const scripts = [adapters.extractWorkers?.script, adapters.pdfWorker, adapters.parseWorker, adapters.models?.embedWorker, adapters.encoder?.script, adapters.checkpointWorker];
  return scripts.map((script) => (script ? fileURLToPath(script.url) : 'missing'));
}

describe('one root builder for the desktop app and the headless server', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives the desktop app run from source exactly the adapters and page of the headless server', () => {
    const desktop = desktopServerOptions({ buildDir, resourcesDir: sourceResourcesDir(buildDir) }, { dataDir, version: '1.2.3' });
    const headless = headlessServerOptions({ KB_DATA_DIR: dataDir }, '1.2.3', buildDir);
    expect(desktop.adapters).toEqual(headless.adapters);
    expect(desktop.uiDir).toBe(headless.uiDir);
    expect(desktop.uiDir).toBe(join(checkout, 'out', 'renderer'));
  });

  it('gives the desktop app the embedding worker and model folders, so a transformers.js embedder can run', () => {
    const { adapters } = desktopServerOptions({ buildDir, resourcesDir: sourceResourcesDir(buildDir) }, { dataDir, version: '1.2.3' });
    expect(adapters.models?.embedWorker && fileURLToPath(adapters.models.embedWorker.url)).toBe(join(buildDir, 'embed-worker.js'));
    expect(adapters.models?.modelDirs).toEqual([join(checkout, 'resources', 'models')]);
    expect(adapters.lexicon?.file).toBe(join(checkout, 'resources', 'lexicon.json.gz'));
    expect(workerFiles(adapters)).toEqual(Object.values(WORKER_SCRIPTS).map((name) => join(buildDir, name)));
    // Loaded at start, so that the first doubtful question does not wait for the sentence encoder.
    expect(adapters.encoder?.preload).toBe(true);
  });

  it('names only workers that the build makes, and every one it makes', () => {
    const input = electronViteConfig.main?.build?.rollupOptions?.input as Record<string, string>;
    const built = Object.keys(input).map((entry) => `${entry}.js`);
    const named = workerFiles(headlessServerOptions({ KB_DATA_DIR: dataDir }, '1', buildDir).adapters).map((file) => basename(file));
    expect(built.filter((file) => file.endsWith('-worker.js')).sort()).toEqual(named.sort());
  });

  it('packaged, reads the lexicon, models and OCR data from the resources folder beside the app', () => {
    const resourcesDir = join(dir, 'Knowledge Desk', 'resources');
    const asarBuild = join(resourcesDir, 'app.asar', 'out', 'main');
    mkdirSync(join(resourcesDir, 'ocr'), { recursive: true });
    writeFileSync(join(resourcesDir, 'ocr', 'eng.traineddata.gz'), 'stand-in');
    const { adapters, uiDir } = desktopServerOptions({ buildDir: asarBuild, resourcesDir }, { dataDir, version: '1.2.3' });
    expect(adapters.ocrLangPath).toBe(join(resourcesDir, 'ocr'));
    expect(adapters.models?.modelDirs).toEqual([join(resourcesDir, 'models')]);
    expect(adapters.lexicon?.file).toBe(join(resourcesDir, 'lexicon.json.gz'));
    expect(uiDir).toBe(join(resourcesDir, 'app.asar', 'out', 'renderer'));
    expect(workerFiles(adapters).every((file) => file.startsWith(asarBuild))).toBe(true);
  });

  it('from source, leaves OCR to the installed language data package when resources/ has none', () => {
    const { adapters } = rootAdapters({ buildDir, resourcesDir: join(dir, 'empty') }, { models: headlessServerOptions({}, '1', buildDir).engine.models, extractWorkers: 0 });
    expect(adapters).not.toHaveProperty('ocrLangPath');
  });
});
