import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { BUILTIN_EXTRACTOR_ID } from '../../core/extract/builtin-extractor';
import type { AnalysedChunk, ChunkText, ExtractionResult, Extractor } from '../../core/extract/types';

export interface WorkerScript {
  /** The built worker file (`out/main/extract-worker.js`), or the .ts source with a loader. */
  url: URL;
  /** Passed to the worker as `workerData` (a test bootstrap reads its entry from it). */
  workerData?: unknown;
}

/**
 * Extraction threads by default: one core fewer than the machine has, at least one. The main
 * thread writes every batch and answers the API meanwhile; with a thread per core on 2 cores,
 * three busy threads took turns and ingest used 40% more CPU for no gain (10k-chunk bench:
 * 0.45 MB/s with one worker, 0.32 with two, on a loaded machine).
 */
export function defaultExtractWorkers(): number {
  return Math.max(1, availableParallelism() - 1);
}

/** What a worker sends back: extraction results, or chunks analysed with their terms as one string. */
type Reply = { results: ExtractionResult[] } | { analysed: { result: ExtractionResult; terms: string }[] };

interface Pending {
  resolve(reply: Reply): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
  /** Settles when the worker has warmed up, or has stopped trying. */
  ready: Promise<void>;
}

/**
 * The built-in extractor on a pool of worker threads: extraction is the heaviest CPU step of
 * ingest, and off the main thread it neither blocks the API nor waits for one core. A crashed
 * worker fails only its own requests and is replaced.
 */
export function createWorkerExtractor(script: WorkerScript, size: number): Extractor & { close(): Promise<void> } {
  let nextId = 0;
  let turn = 0;
  let closed = false;
  const slots: Slot[] = [];

  const spawn = (index: number): Slot => {
    const worker = new Worker(script.url, { workerData: script.workerData });
    let markReady = (): void => undefined;
    const slot: Slot = { worker, pending: new Map(), ready: new Promise((resolve) => (markReady = resolve)) };
    worker.on('message', (message: { id: number; ready?: true; error?: string; results?: ExtractionResult[]; analysed?: { result: ExtractionResult; terms: string }[] }) => {
      if (message.ready) return markReady();
      const pending = slot.pending.get(message.id);
      slot.pending.delete(message.id);
      if (slot.pending.size === 0) worker.unref();
      if (!pending) return;
      if (message.results) pending.resolve({ results: message.results });
      else if (message.analysed) pending.resolve({ analysed: message.analysed });
      else pending.reject(new Error(message.error ?? 'extraction failed'));
    });
    // 'error' is followed by 'exit': the slot is replaced once, not twice.
    let failed = false;
    const fail = (error: Error): void => {
      if (failed) return;
      failed = true;
      for (const p of slot.pending.values()) p.reject(error);
      slot.pending.clear();
      if (!closed) slots[index] = spawn(index);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      markReady();
      if (code !== 0 || slot.pending.size > 0) fail(new Error(`extraction worker stopped (exit code ${code})`));
    });
    worker.unref();
    return slot;
  };
  for (let i = 0; i < Math.max(1, size); i++) slots.push(spawn(i));

  const send = (request: { texts: string[] } | { chunks: ChunkText[] }): Promise<Reply> => {
    // The least busy worker gets the texts; ties go round-robin.
    turn = (turn + 1) % slots.length;
    const slot = slots.reduce((best, s, i) =>
      s.pending.size < best.pending.size || (s.pending.size === best.pending.size && i === turn) ? s : best,
    );
    const id = nextId++;
    return new Promise((resolve, reject) => {
      // A worker with work keeps the process alive; an idle one does not hold it open.
      if (slot.pending.size === 0) slot.worker.ref();
      slot.pending.set(id, { resolve, reject });
      slot.worker.postMessage({ id, ...request });
    });
  };

  // One message per worker instead of one per text: each share is about as long as the others.
  const extractMany = async (texts: string[]): Promise<ExtractionResult[]> => {
    const shares = splitEvenly(texts, (t) => t.length, slots.length);
    const replies = await Promise.all(shares.map((share) => (share.length > 0 ? send({ texts: share }) : null)));
    return replies.flatMap((reply) => (reply && 'results' in reply ? reply.results : []));
  };

  return {
    id: BUILTIN_EXTRACTOR_ID,
    async extract(text) {
      const [result] = await extractMany([text]);
      return result ?? { entities: [], facts: [] };
    },
    extractMany,
    async extractAndAnalyze(chunks) {
      const shares = splitEvenly(chunks, (c) => c.text.length - c.from, slots.length);
      const replies = await Promise.all(shares.map((share) => (share.length > 0 ? send({ chunks: share }) : null)));
      return replies.flatMap((reply): AnalysedChunk[] =>
        reply && 'analysed' in reply ? reply.analysed.map(({ result, terms }) => ({ result, terms: terms === '' ? [] : terms.split(' ') })) : [],
      );
    },
    async warmUp() {
      // An idle worker does not hold the process open, so one being waited for must.
      await Promise.all(
        slots.map(async (slot) => {
          slot.worker.ref();
          await slot.ready;
          if (slot.pending.size === 0) slot.worker.unref();
        }),
      );
    },
    async close() {
      closed = true;
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}

/** Consecutive runs of items, one per worker, of about equal total length. */
function splitEvenly<T>(items: T[], lengthOf: (item: T) => number, parts: number): T[][] {
  const total = items.reduce((n, item) => n + lengthOf(item), 0);
  const shares: T[][] = [[]];
  let length = 0;
  for (const item of items) {
    if (length >= (total * shares.length) / parts && shares.length < parts) shares.push([]);
    shares[shares.length - 1]?.push(item);
    length += lengthOf(item);
  }
  return shares;
}
