import { describe, expect, it } from 'vitest';
import { createHashedEmbedder } from '../../src/core/embed/hashed-embedder';

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
});
