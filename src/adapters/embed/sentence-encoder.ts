import type { SentenceEncoder } from '../../core/ports';
import type { WorkerScript } from '../workers/worker-extractor';
import { connectEmbedWorker, type EmbedWorkerClient } from './embed-worker-client';

export interface SentenceEncoderOptions {
  /** Start the worker now, in the background, so that the first doubtful question does not wait for the model to load. */
  preload?: boolean;
}

/**
 * The bundled sentence encoder (sentence-encoder-worker.ts) on its own thread, started on first
 * use unless preloaded: an engine that is never asked a doubtful question (a test) never loads it.
 * A worker that fails to start is not tried again; the gate then judges by words alone.
 */
export function createSentenceEncoder(script: WorkerScript, options: SentenceEncoderOptions = {}): SentenceEncoder & { close(): Promise<void> } {
  let client: Promise<EmbedWorkerClient> | null = null;
  const started = (): Promise<EmbedWorkerClient> => (client ??= connectEmbedWorker(script, {}, () => undefined));
  // A failed start is reported to the question that asks; here it must not be an unhandled rejection.
  if (options.preload) started().catch(() => undefined);
  return {
    async encode(texts) {
      return (await started()).embedBatch(texts);
    },
    async close() {
      const started = client;
      client = null;
      await started?.then((c) => c.close(), () => undefined);
    },
  };
}
