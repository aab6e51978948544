import { Worker } from 'node:worker_threads';
import { ParseFailure, type FileParser, type ParsedDocument, type ParseOptions } from '../../../core/parse/types';
import type { WorkerScript } from '../../workers/worker-extractor';
import { MIME } from '../mime-types';
import { exactCopy, WORKER_STARTUP_ERRORS } from '../worker-boundary';
import type { PdfParseOptions } from './pdf-settings';
import type { PdfJob, WorkerReport } from './worker-protocol';

/**
 * The PDF parser port. Every parse runs in its own worker thread with a heap limit and a clock:
 * PDFs are untrusted input (decompression bombs, page-tree loops, pathological content streams),
 * and one hostile file must fail only its own parse, never the server. The worker script is
 * passed in, as for the extractor: the built app runs `pdf-worker.js` beside the server, tests
 * run the .ts source through the tsx bootstrap.
 */

export interface PdfParserOptions {
  /** The worker entry (`pdf-worker.ts` built, or a loader bootstrap with `workerData.entry`). */
  worker: WorkerScript;
  /** Budget for opening the file and reading every text layer. */
  textTimeoutMs?: number;
  /** Budget for each page sent to OCR, counted from the page's start. */
  ocrPageTimeoutMs?: number;
  /**
   * V8 old-generation heap limit of a parse worker, at least 128: below that, loading pdf.js
   * itself can exhaust the heap while compiling, which V8 treats as fatal for the whole process.
   */
  maxHeapMb?: number;
  /** Parses running at once; more wait their turn (each may OCR on a second thread). */
  maxConcurrent?: number;
  /** Everything else about a parse (OCR languages and limits, page limits). */
  parse?: Omit<PdfParseOptions, 'password'>;
}

const MIN_HEAP_MB = 128;
const DEFAULTS = { textTimeoutMs: 60_000, ocrPageTimeoutMs: 60_000, maxHeapMb: 512, maxConcurrent: 2 };
// The worker abandons a slow OCR page itself (and goes on with the next); the parent's clock is
// the backstop for a page whose rendering, not recognition, hangs, so it allows more.
const ocrBackstopMs = (pageTimeoutMs: number): number => pageTimeoutMs * 1.5 + 10_000;

/** A tiny FIFO semaphore: parses beyond the limit wait for a free slot (or their cancellation). */
function createSlots(limit: number): { acquire(signal?: AbortSignal): Promise<() => void> } {
  let active = 0;
  const waiting: Array<() => void> = [];
  const release = (): void => {
    // A waiting parse inherits the slot; otherwise it becomes free.
    const next = waiting.shift();
    if (next) next();
    else active--;
  };
  return {
    async acquire(signal) {
      if (signal?.aborted) throw cancelled();
      if (active < limit) {
        active++;
        return release;
      }
      await new Promise<void>((resolve, reject) => {
        const onAbort = (): void => {
          waiting.splice(waiting.indexOf(go), 1);
          reject(cancelled());
        };
        const go = (): void => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        waiting.push(go);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
      return release;
    },
  };
}

/** A cancelled parse reads as a timeout: the port's signal exists to stop parses that run too long. */
function cancelled(): ParseFailure {
  return new ParseFailure('timeout', 'The PDF parse was cancelled.');
}

function runWorker(script: WorkerScript, job: PdfJob, settings: typeof DEFAULTS, signal?: AbortSignal): Promise<ParsedDocument> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(script.url, {
      workerData: script.workerData,
      resourceLimits: { maxOldGenerationSizeMb: settings.maxHeapMb },
    });
    let settled = false;
    let started = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (outcome: { document: ParsedDocument } | { failure: Error }): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      if ('document' in outcome) resolve(outcome.document);
      else reject(outcome.failure);
    };
    const deadline = (ms: number, message: string): void => {
      clearTimeout(timer);
      timer = setTimeout(() => finish({ failure: new ParseFailure('timeout', message) }), ms);
    };
    const onAbort = (): void => finish({ failure: cancelled() });
    signal?.addEventListener('abort', onAbort, { once: true });

    deadline(settings.textTimeoutMs, `Reading the PDF's text took longer than ${settings.textTimeoutMs / 1000} s.`);
    worker.on('message', (message: WorkerReport) => {
      started = true;
      if (message.type === 'progress' && message.stage === 'ocr') {
        const ms = ocrBackstopMs(settings.ocrPageTimeoutMs);
        deadline(ms, `OCR of page ${message.page} took longer than ${Math.round(ms / 1000)} s.`);
      } else if (message.type === 'done') finish({ document: message.document });
      else if (message.type === 'failed') finish({ failure: new ParseFailure(message.reason, message.message) });
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        finish({ failure: new ParseFailure('too_large', `The PDF needs more than ${settings.maxHeapMb} MB of memory to parse.`) });
      } else if (!started && WORKER_STARTUP_ERRORS.has(error.code ?? '')) {
        // A worker script that cannot load is a deployment fault, not a fault of the file.
        finish({ failure: new Error(`The PDF worker could not start: ${error.message}`) });
      } else finish({ failure: new ParseFailure('malformed', `The PDF parser failed: ${error.message}`) });
    });
    worker.on('exit', (code) => finish({ failure: new ParseFailure('malformed', `The PDF parser stopped unexpectedly (exit code ${code}).`) }));
    worker.postMessage(job, [job.bytes]);
  });
}

export function createPdfParser(options: PdfParserOptions): FileParser {
  const settings = {
    textTimeoutMs: options.textTimeoutMs ?? DEFAULTS.textTimeoutMs,
    ocrPageTimeoutMs: options.ocrPageTimeoutMs ?? DEFAULTS.ocrPageTimeoutMs,
    maxHeapMb: Math.max(MIN_HEAP_MB, options.maxHeapMb ?? DEFAULTS.maxHeapMb),
    maxConcurrent: options.maxConcurrent ?? DEFAULTS.maxConcurrent,
  };
  const slots = createSlots(Math.max(1, settings.maxConcurrent));
  return {
    mimeTypes: [MIME.pdf],
    async parse(bytes: Uint8Array, parseOptions: ParseOptions): Promise<ParsedDocument> {
      const release = await slots.acquire(parseOptions.signal);
      try {
        if (parseOptions.signal?.aborted) throw cancelled();
        const parse = options.parse ?? {};
        // The worker skips a slow OCR page on its own, just before the parent's backstop.
        const ocr = parse.ocr === false ? false : { ...parse.ocr, pageTimeoutMs: settings.ocrPageTimeoutMs };
        const job: PdfJob = { bytes: exactCopy(bytes), options: { ...parse, ocr, password: parseOptions.password } };
        return await runWorker(options.worker, job, settings, parseOptions.signal);
      } finally {
        release();
      }
    },
  };
}
