/**
 * Worker thread of the transformers.js embedder: loads a feature-extraction model (tokenizer and
 * ONNX graph) once, then embeds batches with mean pooling and normalisation, off the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { env, pipeline, type ProgressInfo } from '@huggingface/transformers';
import type { EmbedRequest, EmbedWorkerData, EmbedWorkerEvent } from './embed-protocol';

const data = workerData as EmbedWorkerData;
const post = (event: EmbedWorkerEvent): void => parentPort?.postMessage(event);

env.localModelPath = data.modelsDir;
env.allowLocalModels = true;
env.allowRemoteModels = data.allowDownload;
env.cacheDir = data.modelsDir;
if (data.remoteHost) env.remoteHost = data.remoteHost.endsWith('/') ? data.remoteHost : `${data.remoteHost}/`;

// The library reports every file's bytes and, just before, the sum over all of them.
let sum = { progress: 0, loaded: 0, total: 0 };
function onProgress(info: ProgressInfo): void {
  if (info.status === 'progress_total') sum = { progress: info.progress, loaded: info.loaded, total: info.total };
  else if (info.status === 'progress') {
    const whole = sum.total > 0 ? sum : { progress: info.progress, loaded: info.loaded, total: info.total };
    post({ type: 'progress', fraction: Math.min(0.99, whole.progress / 100), message: `${data.allowDownload ? 'downloading' : 'loading'} ${info.file}`, loaded: whole.loaded, total: whole.total });
  } else if (info.status === 'initiate') post({ type: 'progress', fraction: 0, message: `loading ${info.file}` });
}

try {
  const extract = await pipeline('feature-extraction', data.model, { dtype: 'fp32', progress_callback: onProgress });
  const probe = await extract(['dimension probe'], { pooling: 'mean', normalize: true });
  post({ type: 'ready', dimensions: probe.dims.at(-1) ?? 0 });
  parentPort?.on('message', (request: EmbedRequest) => {
    extract(request.texts, { pooling: 'mean', normalize: true }).then(
      (output) => post({ type: 'vectors', id: request.id, flat: output.data as Float32Array, dimensions: output.dims.at(-1) ?? 0 }),
      (error: unknown) => post({ type: 'error', id: request.id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
} catch (error) {
  post({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
}
