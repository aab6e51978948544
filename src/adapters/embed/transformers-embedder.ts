import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ProgressListener } from '../../core/models/model-settings';
import type { Embedder } from '../../core/ports';
import type { WorkerScript } from '../workers/worker-extractor';
import type { EmbedWorkerData } from './embed-protocol';
import { connectEmbedWorker } from './embed-worker-client';

export interface TransformersEmbedderOptions {
  script: WorkerScript;
  /** Model folder name (e.g. "all-MiniLM-L6-v2") or hub id ("Xenova/all-MiniLM-L6-v2"). */
  model: string;
  /** Folders searched for `<model>/config.json`, first match wins (resources/models, then the data folder's). */
  modelDirs: string[];
  /** Where a download goes; null: downloads are not allowed. */
  downloadDir: string | null;
  /** Where a download comes from (Hugging Face hub layout); the library's default when absent. */
  remoteHost?: string;
  progress: ProgressListener;
  batchSize?: number;
}

export type ClosableEmbedder = Embedder & { close(): Promise<void> };

/**
 * A transformers.js feature-extraction model (mean pooling, normalised) on its own worker thread,
 * loaded from the models folder; downloaded into the data folder only when the user allowed it.
 * Texts go to the worker in batches, so a large re-index neither blocks the API nor holds every
 * text in one tensor.
 */
export async function openTransformersEmbedder(options: TransformersEmbedderOptions): Promise<ClosableEmbedder> {
  const local = options.modelDirs.find((dir) => existsSync(join(dir, options.model, 'config.json')));
  if (!local && !options.downloadDir) {
    throw new Error(
      `embedding model '${options.model}' is not in ${options.modelDirs.join(' or ')}; put its folder there (config.json, tokenizer.json, onnx/model.onnx) or allow model downloads`,
    );
  }
  const data: EmbedWorkerData = { model: options.model, modelsDir: local ?? options.downloadDir!, allowDownload: !local, ...(options.remoteHost ? { remoteHost: options.remoteHost } : {}) };
  const { dimensions, embedBatch, close } = await connectEmbedWorker(options.script, data, options.progress);
  const batchSize = options.batchSize ?? 16;
  return {
    id: `transformers:${options.model}:${dimensions}`,
    dimensions,
    quality: 'semantic',
    async embed(texts) {
      const vectors: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += batchSize) vectors.push(...(await embedBatch(texts.slice(i, i + batchSize))));
      return vectors;
    },
    close,
  };
}

