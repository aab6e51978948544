import { parentPort } from 'node:worker_threads';
import { extractSafely, warmUpExtractor } from '../../core/extract/builtin-extractor';

/** Worker-thread entry: runs the built-in extractor off the server's main thread. */
interface Request {
  id: number;
  texts: string[];
}

// Requests that arrive meanwhile wait in the port's queue, so warming up first costs them nothing.
warmUpExtractor();
parentPort?.postMessage({ ready: true });

parentPort?.on('message', (request: Request) => {
  try {
    parentPort?.postMessage({ id: request.id, results: request.texts.map(extractSafely) });
  } catch (error) {
    parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
});
