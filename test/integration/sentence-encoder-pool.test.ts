/**
 * The sentence encoder's workers: the app shares one call's texts among two copies of the model,
 * which must give each text the vector one worker gives it, in the order asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSentenceEncoder } from '../../src/adapters/embed/sentence-encoder';
import { tsxWorker } from '../helpers/test-server';

const script = tsxWorker('../../src/adapters/embed/sentence-encoder-worker.ts');
const TEXTS = [
  'How long are old copies of my work files kept?',
  'Laptops are backed up every night. The backup service keeps 30 days of versions of every file, after which the oldest are removed.',
  '',
  'The deposit is returned within 14 days after the end of the lease, minus the cost of repairing any damage beyond normal wear.',
  'Knead the dough for ten minutes, then let it rise in a warm place until it has doubled in size.',
];

describe('the sentence encoder on a pool of workers', () => {
  const one = createSentenceEncoder(script, { threads: 1 });
  const two = createSentenceEncoder(script, { threads: 2 });
  beforeAll(async () => {
    await Promise.all([one.encode(['load']), two.encode(['load', 'load'])]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([one.close(), two.close()]);
  });

  it('gives every text the vector one worker gives it, in the order asked', async () => {
    const [single, pooled] = await Promise.all([one.encode(TEXTS), two.encode(TEXTS)]);
    expect(pooled).toHaveLength(TEXTS.length);
    pooled.forEach((vector, i) => {
      const expected = single[i]!;
      expect(vector).toHaveLength(expected.length);
      expect(Math.max(...vector.map((v, j) => Math.abs(v - expected[j]!)))).toBeLessThan(1e-5);
    });
    // The question is nearer the backup note than the recipe: the vectors are the texts' own.
    const dot = (a: Float32Array, b: Float32Array): number => a.reduce((sum, v, j) => sum + v * b[j]!, 0);
    expect(dot(pooled[0]!, pooled[1]!)).toBeGreaterThan(dot(pooled[0]!, pooled[4]!));
  });

  it('gives an empty text a zero vector, even when a worker is handed nothing else', async () => {
    const [question, empty] = await two.encode([TEXTS[0]!, '']);
    expect(Math.hypot(...question!)).toBeCloseTo(1, 5);
    expect(empty!.every((v) => v === 0)).toBe(true);
  });
});
