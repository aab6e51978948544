import { Worker } from 'node:worker_threads';
import { BUILTIN_EXTRACTOR_ID } from '../../core/extract/builtin-extractor';
import type { ExtractionResult, Extractor } from '../../core/extract/types';

export interface WorkerScript {
  /** The built worker file (`out/main/extract-worker.js`), or the .ts source with a loader. */
  url: URL;
  /** Passed to the worker as `workerData` (a test bootstrap reads its entry from it). */
  workerData?: unknown;
}

interface Pending {
  resolve(result: ExtractionResult): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
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
    const slot: Slot = { worker, pending: new Map() };
    worker.on('message', (message: { id: number; result?: ExtractionResult; error?: string }) => {
      const pending = slot.pending.get(message.id);
      slot.pending.delete(message.id);
      if (slot.pending.size === 0) worker.unref();
      if (!pending) return;
      if (message.result) pending.resolve(message.result);
      else pending.reject(new Error(message.error ?? 'extraction failed'));
    });
    const fail = (error: Error): void => {
      for (const p of slot.pending.values()) p.reject(error);
      slot.pending.clear();
      if (!closed) slots[index] = spawn(index);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (code !== 0 || slot.pending.size > 0) fail(new Error(`extraction worker stopped (exit code ${code})`));
    });
    worker.unref();
    return slot;
  };
  for (let i = 0; i < Math.max(1, size); i++) slots.push(spawn(i));

  return {
    id: BUILTIN_EXTRACTOR_ID,
    extract(text) {
      // The least busy worker gets the chunk; ties go round-robin.
      turn = (turn + 1) % slots.length;
      const slot = slots.reduce((best, s, i) =>
        s.pending.size < best.pending.size || (s.pending.size === best.pending.size && i === turn) ? s : best,
      );
      const id = nextId++;
      return new Promise((resolve, reject) => {
        // A worker with work keeps the process alive; an idle one does not hold it open.
        if (slot.pending.size === 0) slot.worker.ref();
        slot.pending.set(id, { resolve, reject });
        slot.worker.postMessage({ id, text });
      });
    },
    async close() {
      closed = true;
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}
