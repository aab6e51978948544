import { join } from 'node:path';
import { existsSync } from 'node:fs';
import type { ModelInstaller } from '../core/models/model-installer';
import { downloadTransformersModel, transformersDownloadComplete } from './embed/transformers-download';
import type { OllamaConnection } from './ollama/ollama-client';
import { listOllamaModels, pullOllamaModel } from './ollama/ollama-pull';
import type { WorkerScript } from './workers/worker-extractor';

export interface ModelInstallerOptions {
  connection(host: string): OllamaConnection;
  /** Folders of models shipped with the app: a model there counts as installed. */
  modelDirs: string[];
  /** The data folder's models folder, where downloads go. */
  downloadDir: string;
  /** The transformers.js embedding worker; without it, transformers.js models cannot be downloaded. */
  embedWorker?: WorkerScript;
}

/** Ollama pulls and transformers.js downloads for first-run setup. */
export function createModelInstaller(options: ModelInstallerOptions): ModelInstaller {
  return {
    ollamaModels: (host) => listOllamaModels(options.connection(host)),
    pullOllamaModel: (host, model, signal, progress) => pullOllamaModel(options.connection(host), model, signal, progress),
    transformersModelInstalled: async (model) =>
      transformersDownloadComplete(options.downloadDir, model) || options.modelDirs.some((dir) => existsSync(join(dir, model, 'config.json'))),
    async downloadTransformersModel(model, host, signal, progress) {
      if (!options.embedWorker) throw new Error('this build has no transformers.js embedding worker');
      await downloadTransformersModel({ script: options.embedWorker, model, dir: options.downloadDir, host, signal, progress });
    },
  };
}
