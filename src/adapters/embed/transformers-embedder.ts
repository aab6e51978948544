import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ProgressListener } from '../../core/models/model-settings';
import type { Embedder } from '../../core/ports';
import type { WorkerScript } from '../workers/worker-extractor';
import type { EmbedRequest, EmbedWorkerData, EmbedWorkerEvent } from './embed-protocol';

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
  const scriptData = (options.script.workerData ?? {}) as Record<string, unknown>;
  const worker = new Worker(options.script.url, { workerData: { ...scriptData, ...data } });
  const pending = new Map<number, { resolve(v: Float32Array[]): void; reject(e: Error): void }>();
  let nextId = 0;
  let failure: Error | null = null;

  const dimensions = await new Promise<number>((resolve, reject) => {
    worker.on('message', (event: EmbedWorkerEvent) => {
      if (event.type === 'progress') options.progress(event.fraction, event.message);
      else if (event.type === 'ready') resolve(event.dimensions);
      else if (event.type === 'failed') reject(new Error(event.error));
      else {
        const request = pending.get(event.id);
        pending.delete(event.id);
        if (pending.size === 0) worker.unref();
        if (event.type === 'vectors') request?.resolve(split(event.flat, event.dimensions));
        else request?.reject(new Error(event.error));
      }
    });
    const stop = (error: Error): void => {
      failure = error;
      reject(error);
      for (const p of pending.values()) p.reject(error);
      pending.clear();
    };
    worker.on('error', stop);
    worker.on('exit', (code) => stop(new Error(`embedding worker stopped (exit code ${code})`)));
  }).catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });
  worker.unref();

  const embedBatch = (texts: string[]): Promise<Float32Array[]> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    worker.ref();
    const request: EmbedRequest = { id, texts };
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage(request);
    });
  };
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
    close: async () => {
      await worker.terminate();
    },
  };
}

function split(flat: Float32Array, dimensions: number): Float32Array[] {
  const out: Float32Array[] = [];
  for (let i = 0; i + dimensions <= flat.length; i += dimensions) out.push(flat.slice(i, i + dimensions));
  return out;
}
