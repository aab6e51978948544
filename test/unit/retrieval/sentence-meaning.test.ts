import { describe, expect, it } from 'vitest';
import { sentenceMeaning } from '../../../src/core/retrieval/sentence-meaning';
import type { SentenceEncoder } from '../../../src/core/ports';

/** A stand-in encoder: each text's vector counts a few marker words, so closeness is known in advance. */
const MARKERS = ['deposit', 'phone', 'recipe'];
const standIn: SentenceEncoder & { asked: string[][] } = {
  asked: [],
  encode(texts) {
    this.asked.push(texts);
    return Promise.resolve(texts.map((t) => Float32Array.from([...MARKERS.map((m) => (t.toLowerCase().includes(m) ? 1 : 0)), 0.01])));
  },
};

describe('closeness in meaning by the sentence encoder', () => {
  it('is the nearest of the best three passages, read from their start only', async () => {
    standIn.asked = [];
    const long = `${'word '.repeat(400)}deposit`;
    const close = await sentenceMeaning(standIn, 'When do I get my deposit back?', ['A recipe for soup.', 'The deposit is returned in 14 days.', 'Phone numbers.', 'The deposit again.'], 1);
    expect(close).toBeGreaterThan(0.99);
    expect(standIn.asked[0]).toHaveLength(4);
    const far = await sentenceMeaning(standIn, 'When do I get my deposit back?', [long], 1);
    expect(far).toBeLessThan(0.1);
    // 100 words in, past what the encoder reads: a window's start is what it judges, and what the call's time allows.
    const later = await sentenceMeaning(standIn, 'When do I get my deposit back?', [`${'word '.repeat(100)}deposit`], 1);
    expect(later).toBeLessThan(0.1);
  });

  it('counts only for the share of the question the encoder can read', async () => {
    expect(await sentenceMeaning(standIn, 'deposit?', ['deposit.'], 0.25)).toBeCloseTo(0.25, 2);
    standIn.asked = [];
    expect(await sentenceMeaning(standIn, '押金什么时候退还？', ['deposit.'], 0)).toBe(0);
    expect(standIn.asked).toHaveLength(0);
  });

  it('says nothing when the encoder fails, so the gate judges by words alone', async () => {
    const broken: SentenceEncoder = { encode: () => Promise.reject(new Error('worker stopped')) };
    expect(await sentenceMeaning(broken, 'deposit?', ['deposit.'], 1)).toBeUndefined();
  });
});
