import { join } from 'node:path';
import type { ModelsConfig } from '../core/config';
import type { ModelBackends } from '../core/models/model-settings';
import { openTransformersEmbedder, type ClosableEmbedder } from './embed/transformers-embedder';
import { createOllamaChatModel } from './ollama/ollama-chat-model';
import { connectOllama, type OllamaConnection } from './ollama/ollama-client';
import { openOllamaEmbedder } from './ollama/ollama-embedder';
import { createOllamaExtractor } from './ollama/ollama-extractor';
import { createModelInstaller } from './model-installer';
import { openExtractionCache, type ExtractionCache } from './sqlite/extraction-cache';
import { createSearxngSearch } from './web/searxng-search';
import type { WorkerScript } from './workers/worker-extractor';

export interface ModelBackendOptions {
  dataDir: string;
  models: ModelsConfig;
  /** Folders with embedding models, searched before `<dataDir>/models` (e.g. the app's resources/models). */
  modelDirs: string[];
  /** The transformers.js embedding worker; without it only hashed and Ollama embedders can be chosen. */
  embedWorker?: WorkerScript;
}

/** Ollama (answers, extraction, embeddings), transformers.js embeddings and SearXNG, built from settings. */
export function createModelBackends(options: ModelBackendOptions): ModelBackends {
  const connections = new Map<string, OllamaConnection>();
  const connection = (host: string): OllamaConnection => {
    let c = connections.get(host);
    if (!c) connections.set(host, (c = connectOllama(host)));
    return c;
  };
  let cache: ExtractionCache | null = null;
  const embedders: ClosableEmbedder[] = [];
  const ownModels = join(options.dataDir, 'models');

  return {
    chatModel: (host) => createOllamaChatModel(connection(host)),
    extractor(settings, builtin) {
      if (settings.extractionModel === null) return builtin;
      cache ??= openExtractionCache(join(options.dataDir, 'model-cache.sqlite'));
      return createOllamaExtractor({
        connection: connection(settings.ollamaHost),
        model: settings.extractionModel,
        fallback: builtin,
        concurrency: options.models.extractionConcurrency,
        cache,
        contextCapTokens: options.models.contextCapTokens,
        timeoutMs: options.models.extractionTimeoutMs,
      });
    },
    async openEmbedder(choice, host, progress) {
      if (choice.kind === 'ollama') return openOllamaEmbedder(connection(host), choice.model);
      if (!options.embedWorker) throw new Error('this build has no transformers.js embedding worker');
      const embedder = await openTransformersEmbedder({
        script: options.embedWorker,
        model: choice.model,
        modelDirs: [...options.modelDirs, ownModels],
        downloadDir: options.models.allowDownloads ? ownModels : null,
        remoteHost: options.models.setup.downloadHost,
        progress,
      });
      embedders.push(embedder);
      return embedder;
    },
    webSearch: (url) => createSearxngSearch(url),
    installer: createModelInstaller({ connection, modelDirs: options.modelDirs, downloadDir: ownModels, ...(options.embedWorker ? { embedWorker: options.embedWorker } : {}) }),
    async close() {
      for (const e of embedders.splice(0)) await e.close();
      cache?.close();
      cache = null;
    },
  };
}
