import type { Embedder } from '../ports';
import { analyze } from '../text/analyze';

/**
 * The built-in offline embedder: stemmed words and their character trigrams, hashed with a sign
 * into a fixed number of dimensions (the "hashing trick"), then L2-normalised. It needs no model
 * and catches spelling variants that exact terms miss, but it is lexical: it knows no synonyms,
 * so retrieval gives it a small fusion weight (see config.retrieval.vectorWeight).
 */
export function createHashedEmbedder(dimensions = 256): Embedder {
  return {
    id: `hashed-ngram-${dimensions}-v1`,
    dimensions,
    quality: 'lexical',
    embed: async (texts) => texts.map((text) => embedTerms(analyze(text), dimensions)),
    embedTerms: async (terms) => terms.map((t) => embedTerms(t, dimensions)),
  };
}

function embedTerms(terms: readonly string[], dimensions: number): Float32Array {
  const vector = new Float32Array(dimensions);
  for (const term of terms) {
    add(vector, fnv1a(term), 1);
    // The trigrams of `^term$`, hashed in place: slicing out each one cost more than the hashing.
    const padded = term.length + 2;
    for (let i = 0; i + 3 <= padded; i++) {
      let hash = FNV_OFFSET;
      for (let k = i; k < i + 3; k++) {
        hash ^= k === 0 ? CARET : k === padded - 1 ? DOLLAR : term.charCodeAt(k - 1);
        hash = Math.imul(hash, FNV_PRIME);
      }
      add(vector, hash >>> 0, 0.35);
    }
  }
  let norm = 0;
  for (const v of vector) norm += v * v;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < dimensions; i++) vector[i] = (vector[i] ?? 0) / norm;
  return vector;
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const CARET = 0x5e;
const DOLLAR = 0x24;

function add(vector: Float32Array, h: number, weight: number): void {
  const index = h % vector.length;
  // The top bit picks the sign, so colliding features cancel out on average instead of piling up.
  vector[index] = (vector[index] ?? 0) + (h & 0x80000000 ? -weight : weight);
}

function fnv1a(text: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash >>> 0;
}
