import { describe, expect, it } from 'vitest';
import { createHashedEmbedder } from '../../src/core/embed/hashed-embedder';
import { analyze } from '../../src/core/text/analyze';

const cosine = (a: Float32Array, b: Float32Array): number => a.reduce((sum, v, i) => sum + v * (b[i] ?? 0), 0);

describe('hashed embedder', () => {
  const embedder = createHashedEmbedder(256);

  it('returns unit vectors of the declared size, the same for the same text', async () => {
    const [a, b] = await embedder.embed(['Warsaw is the capital of Poland.', 'Warsaw is the capital of Poland.']);
    expect(a?.length).toBe(256);
    expect(cosine(a!, a!)).toBeCloseTo(1, 5);
    expect(cosine(a!, b!)).toBeCloseTo(1, 5);
  });

  it('puts texts that share words and spellings closer than unrelated ones', async () => {
    const [q, near, variant, far] = await embedder.embed([
      'capital of Poland',
      'Warsaw is the capital city of Poland',
      'Polands capitol',
      'Photosynthesis happens in chloroplasts',
    ]);
    expect(cosine(q!, near!)).toBeGreaterThan(cosine(q!, far!) + 0.3);
    expect(cosine(q!, variant!)).toBeGreaterThan(cosine(q!, far!));
  });

  it('maps empty text to the zero vector instead of NaN', async () => {
    const [v] = await embedder.embed(['']);
    expect([...v!].every((x) => x === 0)).toBe(true);
  });

  it('gives the same vector from the terms ingest already analysed as from the text', async () => {
    const text = 'The Rhine flows through Basel, Strasbourg and Cologne.';
    const [fromText] = await embedder.embed([text]);
    const [fromTerms] = (await embedder.embedTerms?.([analyze(text)])) ?? [];
    expect(fromTerms && [...fromTerms]).toEqual([...fromText!]);
  });

  it('makes exactly the vectors of its first release, so stored indexes stay valid', async () => {
    const text = 'Marie Skłodowska-Curie discovered polonium in 1898; 居里夫人 was born in Warsaw.';
    const [v] = await embedder.embed([text]);
    expect([...v!]).toEqual([...referenceVector(text, 256)]);
  });
});

/** The first release's embedding, written the plain way: stems and the trigrams of `^stem$`, FNV-1a hashed. */
function referenceVector(text: string, dimensions: number): Float32Array {
  const fnv = (s: string): number => {
    let h = 0x811c9dc5;
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
    return h >>> 0;
  };
  const vector = new Float32Array(dimensions);
  const add = (feature: string, weight: number): void => {
    const h = fnv(feature);
    vector[h % dimensions] = (vector[h % dimensions] ?? 0) + (h & 0x80000000 ? -weight : weight);
  };
  for (const term of analyze(text)) {
    add(term, 1);
    const padded = `^${term}$`;
    for (let i = 0; i + 3 <= padded.length; i++) add(padded.slice(i, i + 3), 0.35);
  }
  const norm = Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0));
  return norm > 0 ? vector.map((x) => x / norm) : vector;
}
