import type { Embedder } from '../../core/ports';
import type { OllamaConnection } from './ollama-client';

const BATCH = 32;
const TIMEOUT_MS = 120_000;

/**
 * Embeddings from an Ollama embedding model (e.g. nomic-embed-text) through /api/embed. The
 * dimension is learnt from one probe, and is part of the id, so a model that changes size under
 * the same name gets a new index instead of a mismatch.
 */
export async function openOllamaEmbedder(connection: OllamaConnection, model: string): Promise<Embedder> {
  const embedBatch = async (texts: string[]): Promise<Float32Array[]> => {
    const { embeddings } = await connection.client(AbortSignal.timeout(TIMEOUT_MS)).embed({ model, input: texts, truncate: true });
    return embeddings.map((e) => Float32Array.from(e));
  };
  const [probe] = await embedBatch(['dimension probe']);
  if (!probe || probe.length === 0) throw new Error(`Ollama model '${model}' returned no embedding`);
  const dimensions = probe.length;
  return {
    id: `ollama:${model}:${dimensions}`,
    dimensions,
    quality: 'semantic',
    async embed(texts) {
      const vectors: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += BATCH) vectors.push(...(await embedBatch(texts.slice(i, i + BATCH))));
      if (vectors.some((v) => v.length !== dimensions)) throw new Error(`Ollama model '${model}' changed its embedding size`);
      return vectors;
    },
  };
}
