import { Worker } from 'node:worker_threads';
import { ParseFailure, type FileParser, type ParsedDocument, type ParseOptions } from '../../../core/parse/types';
import type { WorkerScript } from '../../workers/worker-extractor';
import { exactCopy, WORKER_STARTUP_ERRORS } from '../worker-boundary';
import type { ParseJob, ParseReport } from './protocol';

/**
 * The text, Markdown, CSV and DOCX parsers on a small pool of worker threads. Parsing is
 * synchronous CPU work (mammoth's XML, micromark, csv-parse) and untrusted input: on the main
 * thread a 40 MB-inflating DOCX held the event loop, and so every API answer, for seconds. Here
 * each parse has a clock and the worker a heap limit; a worker that runs out of either is
 * terminated, fails only its own file, and is replaced by a fresh one for the next.
 * Workers are reused (their parsers load once) and leave after a while without work.
 */

export interface ParseWorkersOptions {
  /** The worker entry (`document-worker.ts` built, or a loader bootstrap with `workerData.entry`). */
  worker: WorkerScript;
  /** Budget of one parse. */
  timeoutMs?: number;
  /** V8 old-generation heap limit of a worker. */
  maxHeapMb?: number;
  /** Parses running at once; more wait their turn. */
  maxWorkers?: number;
  /** An idle worker exits after this long, giving its memory back. */
  idleMs?: number;
}

export interface ParseWorkers {
  /** A parser for this MIME type that parses on the pool. */
  parserFor(mimeType: string): FileParser;
}

const DEFAULTS = { timeoutMs: 60_000, maxHeapMb: 1024, maxWorkers: 2, idleMs: 30_000 };

/** A worker that is not parsing, and the timer that ends it when it stays so. */
interface Idle {
  worker: Worker;
  timer: NodeJS.Timeout;
}

export function createParseWorkers(options: ParseWorkersOptions): ParseWorkers {
  const settings = {
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    maxHeapMb: options.maxHeapMb ?? DEFAULTS.maxHeapMb,
    maxWorkers: Math.max(1, options.maxWorkers ?? DEFAULTS.maxWorkers),
    idleMs: options.idleMs ?? DEFAULTS.idleMs,
  };
  const idle: Idle[] = [];
  const waiting: Array<() => void> = [];
  let running = 0;

  const leaveIdle = (worker: Worker): void => {
    const at = idle.findIndex((entry) => entry.worker === worker);
    if (at < 0) return;
    clearTimeout(idle[at]!.timer);
    idle.splice(at, 1);
  };
  const spawn = (): Worker => {
    const worker = new Worker(options.worker.url, { workerData: options.worker.workerData, resourceLimits: { maxOldGenerationSizeMb: settings.maxHeapMb } });
    // A busy worker's failure is its parse's (see parseOn); one that ends while idle just leaves the pool.
    worker.on('error', () => leaveIdle(worker)).on('exit', () => leaveIdle(worker));
    return worker;
  };

  /** A worker for one parse: an idle one, a new one while under the limit, else the next one freed. */
  async function acquire(signal?: AbortSignal): Promise<Worker> {
    for (;;) {
      if (signal?.aborted) throw cancelled();
      const reused = idle.pop();
      if (reused) {
        clearTimeout(reused.timer);
        running++;
        return reused.worker;
      }
      if (running < settings.maxWorkers) {
        running++;
        try {
          return spawn();
        } catch (error) {
          running--;
          throw error;
        }
      }
      await new Promise<void>((resolve) => {
        const wake = (): void => {
          signal?.removeEventListener('abort', wake);
          const at = waiting.indexOf(wake);
          if (at >= 0) waiting.splice(at, 1);
          resolve();
        };
        waiting.push(wake);
        signal?.addEventListener('abort', wake, { once: true });
      });
    }
  }

  /** Ends a parse: a healthy worker waits for the next file (idle, not holding the process open); a failed one is gone. */
  function release(worker: Worker, healthy: boolean): void {
    running--;
    if (healthy) {
      worker.unref();
      const timer = setTimeout(() => {
        leaveIdle(worker);
        void worker.terminate();
      }, settings.idleMs);
      timer.unref();
      idle.push({ worker, timer });
    } else void worker.terminate();
    waiting.shift()?.();
  }

  function parseOn(worker: Worker, job: ParseJob, signal?: AbortSignal): Promise<ParsedDocument> {
    return new Promise((resolve, reject) => {
      const finish = (outcome: { document: ParsedDocument } | { failure: Error }, healthy: boolean): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        release(worker, healthy);
        if ('document' in outcome) resolve(outcome.document);
        else reject(outcome.failure);
      };
      const onMessage = (report: ParseReport): void => {
        if (report.type === 'done') finish({ document: report.document }, true);
        else finish({ failure: report.reason ? new ParseFailure(report.reason, report.message) : new Error(report.message) }, true);
      };
      const onError = (error: Error & { code?: string }): void => {
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
          finish({ failure: new ParseFailure('too_large', `The file needs more than ${settings.maxHeapMb} MB of memory to parse.`) }, false);
        } else if (WORKER_STARTUP_ERRORS.has(error.code ?? '')) {
          // A worker script that cannot load is a deployment fault, not a fault of the file.
          finish({ failure: new Error(`The parse worker could not start: ${error.message}`) }, false);
        } else finish({ failure: new ParseFailure('malformed', `The parser failed: ${error.message}`) }, false);
      };
      const onExit = (code: number): void => finish({ failure: new ParseFailure('malformed', `The parser stopped unexpectedly (exit code ${code}).`) }, false);
      const onAbort = (): void => finish({ failure: cancelled() }, false);
      const timer = setTimeout(
        () => finish({ failure: new ParseFailure('timeout', `Reading the file took longer than ${settings.timeoutMs / 1000} s.`) }, false),
        settings.timeoutMs,
      );
      worker.ref();
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        worker.postMessage(job, [job.bytes]);
      } catch (error) {
        finish({ failure: error instanceof Error ? error : new Error(String(error)) }, false);
      }
    });
  }

  return {
    parserFor: (mimeType) => ({
      mimeTypes: [mimeType],
      async parse(bytes: Uint8Array, parseOptions: ParseOptions): Promise<ParsedDocument> {
        const worker = await acquire(parseOptions.signal);
        return parseOn(worker, { mimeType, bytes: exactCopy(bytes) }, parseOptions.signal);
      },
    }),
  };
}

/** A cancelled parse reads as a timeout: the port's signal exists to stop parses that run too long. */
function cancelled(): ParseFailure {
  return new ParseFailure('timeout', 'The parse was cancelled.');
}
