import type { DownloadListener, InstalledOllamaModel } from '../../core/models/model-installer';
import type { OllamaConnection } from './ollama-client';

/**
 * `ollama pull` through the API, streamed: Ollama fetches a model layer by layer and reports each
 * layer's bytes, so the sum over the layers seen so far is the download's progress. Aborting
 * closes the request; Ollama keeps the layers it has and continues from them on the next pull.
 */
export async function pullOllamaModel(connection: OllamaConnection, model: string, signal: AbortSignal, progress: DownloadListener): Promise<void> {
  const stream = await connection.client(signal).pull({ model, stream: true });
  const stop = (): void => stream.abort();
  signal.addEventListener('abort', stop, { once: true });
  const layers = new Map<string, { completed: number; total: number }>();
  let succeeded = false;
  try {
    for await (const part of stream) {
      if (part.digest && part.total) layers.set(part.digest, { completed: part.completed ?? 0, total: part.total });
      const sum = [...layers.values()].reduce((s, l) => ({ completed: s.completed + l.completed, total: s.total + l.total }), { completed: 0, total: 0 });
      progress({ ...sum, message: part.status });
      if (part.status === 'success') succeeded = true;
    }
  } finally {
    signal.removeEventListener('abort', stop);
  }
  signal.throwIfAborted();
  if (!succeeded) throw new Error(`Ollama stopped pulling ${model} before it finished`);
}

/** The installed models with what each can do; null when Ollama does not answer. */
export async function listOllamaModels(connection: OllamaConnection): Promise<InstalledOllamaModel[] | null> {
  let names: string[];
  try {
    names = (await connection.listModels()).map((m) => m.name);
  } catch {
    return null;
  }
  return Promise.all(names.map(async (name) => ({ name, capabilities: (await connection.describe(name).catch(() => null))?.capabilities ?? [] })));
}
