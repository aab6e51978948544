import { Worker } from 'node:worker_threads';
import type { ProgressListener } from '../../core/models/model-settings';
import type { WorkerScript } from '../workers/worker-extractor';
import type { EmbedRequest, EmbedWorkerEvent } from './embed-protocol';

export interface EmbedWorkerClient {
  dimensions: number;
  /** One batch in one message; the worker embeds requests in the order they arrive. */
  embedBatch(texts: string[]): Promise<Float32Array[]>;
  close(): Promise<void>;
}

/**
 * Starts an embedding worker (embed-protocol.ts) and waits until its model is loaded. The thread
 * does not hold the process open while nothing is asked of it, and a worker that dies fails every
 * request in flight and every one after.
 */
export async function connectEmbedWorker(script: WorkerScript, data: object, progress: ProgressListener): Promise<EmbedWorkerClient> {
  const scriptData = (script.workerData ?? {}) as Record<string, unknown>;
  const worker = new Worker(script.url, { workerData: { ...scriptData, ...data } });
  const pending = new Map<number, { resolve(v: Float32Array[]): void; reject(e: Error): void }>();
  let nextId = 0;
  let failure: Error | null = null;

  const dimensions = await new Promise<number>((resolve, reject) => {
    worker.on('message', (event: EmbedWorkerEvent) => {
      if (event.type === 'progress') progress(event.fraction, event.message);
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

  return {
    dimensions,
    embedBatch(texts) {
      if (failure) return Promise.reject(failure);
      const id = nextId++;
      worker.ref();
      const request: EmbedRequest = { id, texts };
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage(request);
      });
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
