/**
 * The word vectors of analysed terms, for `LexiconData.meanings`: each term takes the vector of its
 * commonest word ("invented" for "invent") and a smooth inverse-frequency weight a / (a + p), with
 * p the word's Zipf share of running text, so a sentence's sum of vectors leans on its rarer words.
 */
import type { TermMeanings } from '../../src/adapters/lexicon/lexicon-format';

/** The smoothing of the inverse-frequency weight; chosen on the quality sets' tuning halves. */
const SMOOTHING = 1e-4;
/** Zipf: the word of rank r (from 0) is about this share of running text divided by r + 1. */
const TOP_SHARE = 0.1;

const WORD_ONLY = /^\p{L}+$/u;

export function termMeanings(words: readonly string[], vectors: Float32Array, dimensions: number, analyse: (word: string) => string[]): TermMeanings {
  const terms: string[] = [];
  const rows: number[] = [];
  const seen = new Set<string>();
  words.forEach((word, rank) => {
    const analysed = WORD_ONLY.test(word) ? analyse(word) : [];
    const term = analysed.length === 1 ? analysed[0] : undefined;
    if (term === undefined || seen.has(term)) return;
    seen.add(term);
    terms.push(term);
    rows.push(rank);
  });
  const bytes = new Int8Array(rows.length * dimensions);
  const weights = new Uint8Array(rows.length);
  rows.forEach((rank, i) => {
    for (let d = 0; d < dimensions; d++) bytes[i * dimensions + d] = Math.round(127 * (vectors[rank * dimensions + d] ?? 0));
    weights[i] = Math.round(255 * (SMOOTHING / (SMOOTHING + TOP_SHARE / (rank + 1))));
  });
  return {
    dimensions,
    terms: terms.join(' '),
    vectors: Buffer.from(bytes.buffer).toString('base64'),
    weights: Buffer.from(weights.buffer).toString('base64'),
  };
}
