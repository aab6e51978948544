import { parentPort } from 'node:worker_threads';
import { createBuiltinExtractor } from '../../core/extract/builtin-extractor';
import { analyze } from '../../core/text/analyze';

/** Worker-thread entry: runs the built-in extractor (and the index analysis) off the server's main thread. */
interface Request {
  id: number;
  texts: string[];
}

const extractor = createBuiltinExtractor();
parentPort?.on('message', (request: Request) => {
  Promise.all(request.texts.map(async (text) => ({ ...(await extractor.extract(text)), terms: analyze(text) }))).then(
    (results) => parentPort?.postMessage({ id: request.id, results }),
    (error: unknown) => parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
