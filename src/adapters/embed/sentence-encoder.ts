import { availableParallelism, totalmem } from 'node:os';
import type { SentenceEncoder } from '../../core/ports';
import type { WorkerScript } from '../workers/worker-extractor';
import { connectEmbedWorker, type EmbedWorkerClient } from './embed-worker-client';

export interface SentenceEncoderOptions {
  /** Start the workers now, in the background, so that the first doubtful question does not wait for the model to load. */
  preload?: boolean;
  /**
   * Workers, each with its own copy of the model (about 160 MB), among which one call's texts are
   * shared: the model runs on one thread, and the gate's question waits for its call. Default 1.
   */
  threads?: number;
}

/** Below this much memory the second copy of the model costs more than the time it saves; an 8 GB machine reports a little less than 8 GiB. */
const POOL_MEMORY = 7 * 1024 ** 3;

/**
 * Encoder workers by default: two on a machine with two cores and 8 GB, so that a doubtful
 * question's call (the question and three windows) takes about the time of two windows.
 */
export function defaultEncoderThreads(): number {
  return availableParallelism() >= 2 && totalmem() >= POOL_MEMORY ? 2 : 1;
}

/**
 * The bundled sentence encoder (sentence-encoder-worker.ts) on its own threads, started on first
 * use unless preloaded: an engine that is never asked a doubtful question (a test) never loads it.
 * A worker that fails to start is not tried again; the gate then judges by words alone.
 */
export function createSentenceEncoder(script: WorkerScript, options: SentenceEncoderOptions = {}): SentenceEncoder & { close(): Promise<void> } {
  const threads = Math.max(1, Math.floor(options.threads ?? 1));
  let pool: Promise<EmbedWorkerClient[]> | null = null;
  const started = (): Promise<EmbedWorkerClient[]> => (pool ??= startWorkers(script, threads));
  // A failed start is reported to the question that asks; here it must not be an unhandled rejection.
  if (options.preload) started().catch(() => undefined);
  return {
    async encode(texts) {
      const workers = await started();
      const shares = shareOut(texts, workers.length);
      const parts = await Promise.all(shares.map((share, i) => (share.length > 0 ? workers[i]!.embedBatch(share.map((t) => texts[t]!)) : [])));
      const vectors: Float32Array[] = new Array<Float32Array>(texts.length);
      shares.forEach((share, i) => share.forEach((t, j) => (vectors[t] = parts[i]![j]!)));
      return vectors;
    },
    async close() {
      const started = pool;
      pool = null;
      await started?.then((workers) => Promise.all(workers.map((w) => w.close())), () => undefined);
    },
  };
}

/** All the workers, or none: those that started are stopped when one fails. */
async function startWorkers(script: WorkerScript, threads: number): Promise<EmbedWorkerClient[]> {
  const results = await Promise.allSettled(Array.from({ length: threads }, () => connectEmbedWorker(script, {}, () => undefined)));
  const workers = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failure = results.find((r) => r.status === 'rejected');
  if (!failure) return workers;
  await Promise.all(workers.map((w) => w.close()));
  throw failure.reason;
}

/**
 * Which texts (by index) each worker embeds: longest first, in turn, so that the windows are spread
 * evenly and a short question joins the fewest of them (a batch is padded to its longest text).
 */
function shareOut(texts: readonly string[], workers: number): number[][] {
  const shares: number[][] = Array.from({ length: Math.min(workers, texts.length) }, () => []);
  const longestFirst = texts.map((_, i) => i).sort((a, b) => texts[b]!.length - texts[a]!.length);
  longestFirst.forEach((t, k) => shares[k % shares.length]!.push(t));
  return shares;
}
