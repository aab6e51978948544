import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AdapterOptions } from '../adapters/default-adapters';
import { defaultEncoderThreads } from '../adapters/embed/sentence-encoder';
import type { ModelsConfig } from '../core/config';

/**
 * The worker scripts electron-vite builds beside the roots (electron.vite.config.ts names the same
 * entries); a worker missing here is a feature missing from one door.
 */
export const WORKER_SCRIPTS = {
  extract: 'extract-worker.js',
  pdf: 'pdf-worker.js',
  document: 'document-worker.js',
  embed: 'embed-worker.js',
  encoder: 'encoder-worker.js',
  checkpoint: 'checkpoint-worker.js',
} as const;

export interface RootFolders {
  /** The built roots and their workers: out/main, inside app.asar in the packaged app. */
  buildDir: string;
  /** What ships beside the app (lexicon, models, OCR data): resources/ from source, `process.resourcesPath` packaged. */
  resourcesDir: string;
}

export interface RootSettings {
  models: ModelsConfig;
  /** Worker threads for fact extraction (0 = on the main thread). */
  extractWorkers: number;
}

export interface RootAdapters {
  adapters: AdapterOptions;
  /** The built renderer, served at `/`. */
  uiDir: string;
}

// One function value, so that two roots' options compare equal.
const warnOnConsole = (message: string): void => console.warn(message);

/** resources/ of a source checkout, seen from out/main. */
export function sourceResourcesDir(buildDir: string): string {
  return join(buildDir, '..', '..', 'resources');
}

/**
 * Everything both roots (the Electron main process and the headless server) hand the engine
 * besides its config, so that the desktop app and the server cannot drift apart.
 *
 * @example
 * const buildDir = dirname(fileURLToPath(import.meta.url));
 * const { adapters, uiDir } = rootAdapters({ buildDir, resourcesDir: sourceResourcesDir(buildDir) }, { models, extractWorkers: 2 });
 */
export function rootAdapters(folders: RootFolders, settings: RootSettings): RootAdapters {
  const worker = (name: string): { url: URL } => ({ url: pathToFileURL(join(folders.buildDir, name)) });
  // The packaged app carries the OCR data as real files beside it (electron-builder.yml's
  // extraResources); from source the installed @tesseract.js-data package is found instead.
  const ocrDir = join(folders.resourcesDir, 'ocr');
  return {
    uiDir: join(folders.buildDir, '..', 'renderer'),
    adapters: {
      extractWorkers: { script: worker(WORKER_SCRIPTS.extract), count: settings.extractWorkers },
      pdfWorker: worker(WORKER_SCRIPTS.pdf),
      parseWorker: worker(WORKER_SCRIPTS.document),
      checkpointWorker: worker(WORKER_SCRIPTS.checkpoint),
      // Loaded at start, in the background, as the lexicon is: a first doubtful question would otherwise wait for it.
      encoder: { script: worker(WORKER_SCRIPTS.encoder), preload: true, threads: defaultEncoderThreads() },
      models: {
        config: settings.models,
        modelDirs: [join(folders.resourcesDir, 'models')],
        embedWorker: worker(WORKER_SCRIPTS.embed),
      },
      // Built at install time (scripts/build-lexicon.mjs); read at start, in the background.
      lexicon: { file: join(folders.resourcesDir, 'lexicon.json.gz'), warn: warnOnConsole, preload: true },
      ...(existsSync(join(ocrDir, 'eng.traineddata.gz')) ? { ocrLangPath: ocrDir } : {}),
    },
  };
}
