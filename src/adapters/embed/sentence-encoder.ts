import type { SentenceEncoder } from '../../core/ports';
import type { WorkerScript } from '../workers/worker-extractor';
import { connectEmbedWorker, type EmbedWorkerClient } from './embed-worker-client';

/**
 * The bundled sentence encoder (sentence-encoder-worker.ts) on its own thread, started on first
 * use: a knowledge base that is never asked a doubtful question never loads it. A worker that
 * fails to start is not tried again; the gate then judges by words alone.
 */
export function createSentenceEncoder(script: WorkerScript): SentenceEncoder & { close(): Promise<void> } {
  let client: Promise<EmbedWorkerClient> | null = null;
  return {
    async encode(texts) {
      client ??= connectEmbedWorker(script, {}, () => undefined);
      return (await client).embedBatch(texts);
    },
    async close() {
      const started = client;
      client = null;
      await started?.then((c) => c.close(), () => undefined);
    },
  };
}
