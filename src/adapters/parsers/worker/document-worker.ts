import { parentPort } from 'node:worker_threads';
import { ParseFailure } from '../../../core/parse/types';
import { createFileParsers } from '../parser-registry';
import { runInBackground } from '../../workers/background-priority';
import type { ParseJob, ParseReport } from './protocol';

/**
 * Worker-thread entry: the text, Markdown, CSV and DOCX parsers, off the server's main thread.
 * The pool gave this thread a heap limit and watches the clock, so a hostile file (a zip that
 * inflates to gigabytes, pathological Markdown) can only exhaust or stall this worker.
 */

runInBackground();
const parsers = createFileParsers();

function report(message: ParseReport): void {
  parentPort?.postMessage(message);
}

parentPort?.on('message', (job: ParseJob) => {
  const parser = parsers.parserFor(job.mimeType);
  if (!parser) {
    report({ type: 'failed', reason: 'unsupported_type', message: `No parser for ${job.mimeType}.` });
    return;
  }
  parser.parse(new Uint8Array(job.bytes), {}).then(
    (document) => report({ type: 'done', document }),
    (error: unknown) =>
      report(
        error instanceof ParseFailure
          ? { type: 'failed', reason: error.reason, message: error.message }
          : { type: 'failed', reason: null, message: error instanceof Error ? error.message : String(error) },
      ),
  );
});
