import { parentPort } from 'node:worker_threads';
import { extractSafely, warmUpExtractor } from '../../core/extract/builtin-extractor';
import type { ChunkText } from '../../core/extract/types';
import { extractAndAnalyse } from '../../core/ingest/chunk-analysis';
import { runInBackground } from './background-priority';

/** Worker-thread entry: runs the built-in extractor (and index-term analysis) off the server's main thread. */
type Request = { id: number; texts: string[] } | { id: number; chunks: ChunkText[] };

runInBackground();
// Requests that arrive meanwhile wait in the port's queue, so warming up first costs them nothing.
warmUpExtractor();
parentPort?.postMessage({ ready: true });

parentPort?.on('message', (request: Request) => {
  try {
    if ('texts' in request) {
      parentPort?.postMessage({ id: request.id, results: request.texts.map(extractSafely) });
      return;
    }
    // Terms go back as one string per chunk: copying thousands of short strings between threads
    // costs more than splitting one.
    const analysed = request.chunks.map((chunk) => {
      const { result, terms } = extractAndAnalyse(chunk);
      return { result, terms: terms.join(' ') };
    });
    parentPort?.postMessage({ id: request.id, analysed });
  } catch (error) {
    parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
});
