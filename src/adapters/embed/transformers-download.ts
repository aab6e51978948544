import { existsSync } from 'node:fs';
import { readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { DownloadListener } from '../../core/models/model-installer';
import type { WorkerScript } from '../workers/worker-extractor';
import type { EmbedWorkerData, EmbedWorkerEvent } from './embed-protocol';

/** Written beside a model's files once it downloaded whole and loaded. */
export const COMPLETE_MARKER = '.download-complete';

export interface TransformersDownloadOptions {
  /** The embedding worker (transformers-worker.ts): the download is its own model load. */
  script: WorkerScript;
  model: string;
  /** The data folder's models folder; the files land in `<dir>/<model>/`. */
  dir: string;
  /** Hugging Face hub or a mirror with its layout. */
  host: string;
  signal: AbortSignal;
  progress: DownloadListener;
}

/**
 * Downloads a transformers.js model with the library's own download and file cache, by loading
 * it once on the embedding worker with downloads allowed: what the embedder needs is exactly what
 * is fetched, and a model that does not load is not called installed. The library writes each
 * file under a temporary name and renames it when complete, so after a cancel the complete files
 * stay (a resumed download skips them) and the half-fetched ones are removed.
 */
export async function downloadTransformersModel(options: TransformersDownloadOptions): Promise<void> {
  options.signal.throwIfAborted();
  const modelDir = join(options.dir, options.model);
  const data: EmbedWorkerData = { model: options.model, modelsDir: options.dir, allowDownload: true, remoteHost: options.host };
  const scriptData = (options.script.workerData ?? {}) as Record<string, unknown>;
  const worker = new Worker(options.script.url, { workerData: { ...scriptData, ...data } });
  let stopAbort = (): void => undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      const abort = (): void => reject(options.signal.reason instanceof Error ? options.signal.reason : new Error('cancelled'));
      options.signal.addEventListener('abort', abort, { once: true });
      stopAbort = () => options.signal.removeEventListener('abort', abort);
      worker.on('message', (event: EmbedWorkerEvent) => {
        if (event.type === 'progress' && event.total !== undefined && event.loaded !== undefined) {
          options.progress({ completed: event.loaded, total: event.total, message: event.message });
        } else if (event.type === 'ready') resolve();
        else if (event.type === 'failed') reject(new Error(`${options.model} could not be downloaded from ${options.host}: ${event.error}`));
      });
      worker.on('error', reject);
      worker.on('exit', (code) => reject(new Error(`the download stopped (exit code ${code})`)));
    });
  } catch (error) {
    await worker.terminate();
    await removePartialFiles(modelDir);
    throw error;
  } finally {
    stopAbort();
  }
  await worker.terminate();
  await writeFile(join(modelDir, COMPLETE_MARKER), `${new Date().toISOString()}\n`);
}

/** Whether a model downloaded whole into `dir`. */
export function transformersDownloadComplete(dir: string, model: string): boolean {
  return existsSync(join(dir, model, COMPLETE_MARKER));
}

/** The library's temporary files (`<file>.tmp.<pid>.<random>`) of a download that was stopped. */
async function removePartialFiles(dir: string): Promise<void> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  await Promise.all(entries.filter((e) => e.isFile() && /\.tmp\.\d+\.\w+$/u.test(e.name)).map((e) => rm(join(e.parentPath, e.name), { force: true })));
}
