import { parentPort } from 'node:worker_threads';
import type { ParseFailureReason } from '../../../core/parse/types';
import { parsePdfInProcess } from './parse-pdf';
import { runInBackground } from '../../workers/background-priority';
import type { PdfJob, WorkerReport } from './worker-protocol';

/**
 * Worker-thread entry: parses one PDF and reports back. The parent gave this thread a heap
 * limit and watches the clock, so a hostile file can only exhaust this worker.
 */

runInBackground();

function report(message: WorkerReport): void {
  parentPort?.postMessage(message);
}

function failureOf(error: unknown): { reason: ParseFailureReason; message: string } {
  const e = error as { name?: unknown; reason?: unknown; message?: unknown };
  if (e && e.name === 'ParseFailure' && typeof e.reason === 'string') {
    return { reason: e.reason as ParseFailureReason, message: String(e.message) };
  }
  // An error pdf.js did not classify while reading pages still means the file is unusable.
  return { reason: 'malformed', message: `The PDF could not be read: ${error instanceof Error ? error.message : String(error)}` };
}

parentPort?.once('message', (job: PdfJob) => {
  parsePdfInProcess(new Uint8Array(job.bytes), job.options, {
    onProgress: (progress) => report({ type: 'progress', ...progress }),
  }).then(
    (document) => report({ type: 'done', document }),
    (error: unknown) => report({ type: 'failed', ...failureOf(error) }),
  );
});
