import { parentPort } from 'node:worker_threads';
import { createBuiltinExtractor } from '../../core/extract/builtin-extractor';
import { analyze } from '../../core/text/analyze';

/** Worker-thread entry: runs the built-in extractor off the server's main thread. */
interface Request {
  id: number;
  text: string;
}

const extractor = createBuiltinExtractor();
parentPort?.on('message', (request: Request) => {
  extractor.extract(request.text).then(
    (result) => parentPort?.postMessage({ id: request.id, result: { ...result, terms: analyze(request.text) } }),
    (error: unknown) => parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
