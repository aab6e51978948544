/**
 * The word vectors of analysed terms, for `LexiconData.meanings`: each term takes the vector of its
 * commonest word ("invented" for "invent") and a smooth inverse-frequency weight a / (a + p), with
 * p the word's Zipf share of running text, so a sentence's sum of vectors leans on its rarer words.
 * First the vectors lose what all words share (their mean and their few strongest common
 * directions, Mu and Viswanath's "all-but-the-top"): GloVe's vectors lean one way, so any two
 * sentences' sums came out close ("What are the rings of Saturn made of?" and a passage on a
 * Saturn rocket), whatever they said.
 */
import type { TermMeanings } from '../../src/adapters/lexicon/lexicon-format';

/** The smoothing of the inverse-frequency weight; chosen on the quality sets' tuning halves. */
const SMOOTHING = 1e-4;
/** Zipf: the word of rank r (from 0) is about this share of running text divided by r + 1. */
const TOP_SHARE = 0.1;

const WORD_ONLY = /^\p{L}+$/u;
/** Common directions removed; chosen on the quality sets' tuning halves (docs/figures.md). */
const COMMON_DIRECTIONS = 3;
/** The commonest words, whose vectors give the common directions. */
const COMMON_WORDS = 20_000;
const POWER_STEPS = 300;

/** The mean of the rows of a row-major matrix. */
function meanRow(m: Float32Array, rows: number, dims: number): Float64Array {
  const mean = new Float64Array(dims);
  for (let r = 0; r < rows; r++) for (let d = 0; d < dims; d++) mean[d] = (mean[d] ?? 0) + (m[r * dims + d] ?? 0) / rows;
  return mean;
}

/** The `count` strongest principal directions of the first `rows` rows (power iteration on their covariance, deflated after each). */
function principalDirections(m: Float32Array, rows: number, dims: number, count: number): Float64Array[] {
  const mean = meanRow(m, rows, dims);
  const cov = Array.from({ length: dims }, () => new Float64Array(dims));
  const x = new Float64Array(dims);
  for (let r = 0; r < rows; r++) {
    for (let d = 0; d < dims; d++) x[d] = (m[r * dims + d] ?? 0) - (mean[d] ?? 0);
    for (let i = 0; i < dims; i++) {
      const row = cov[i]!;
      for (let j = 0; j < dims; j++) row[j] = (row[j] ?? 0) + (x[i] ?? 0) * (x[j] ?? 0);
    }
  }
  const directions: Float64Array[] = [];
  for (let k = 0; k < count; k++) {
    // Each direction found is taken out of the covariance below, so the next search finds the next one.
    let v = Float64Array.from({ length: dims }, (_, d) => 1 + d / dims);
    let value = 0;
    for (let step = 0; step < POWER_STEPS; step++) {
      const next = cov.map((row) => row.reduce((sum, c, j) => sum + c * (v[j] ?? 0), 0));
      value = Math.hypot(...next);
      if (value === 0) return directions;
      v = Float64Array.from(next, (c) => c / value);
    }
    directions.push(v);
    for (let i = 0; i < dims; i++) for (let j = 0; j < dims; j++) cov[i]![j] = (cov[i]![j] ?? 0) - value * (v[i] ?? 0) * (v[j] ?? 0);
  }
  return directions;
}

/** The vectors less their mean and their projections on the strongest common directions. */
export function withoutCommonDirections(vectors: Float32Array, dims: number): Float32Array {
  const rows = Math.floor(vectors.length / dims);
  const mean = meanRow(vectors, rows, dims);
  const out = Float32Array.from(vectors, (v, i) => v - (mean[i % dims] ?? 0));
  for (const dir of principalDirections(out, Math.min(rows, COMMON_WORDS), dims, COMMON_DIRECTIONS)) {
    for (let r = 0; r < rows; r++) {
      let dot = 0;
      for (let d = 0; d < dims; d++) dot += (out[r * dims + d] ?? 0) * (dir[d] ?? 0);
      for (let d = 0; d < dims; d++) out[r * dims + d] = (out[r * dims + d] ?? 0) - dot * (dir[d] ?? 0);
    }
  }
  return out;
}

export function termMeanings(words: readonly string[], wordVectors: Float32Array, dimensions: number, analyse: (word: string) => string[]): TermMeanings {
  const vectors = withoutCommonDirections(wordVectors, dimensions);
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
    for (let d = 0; d < dimensions; d++) bytes[i * dimensions + d] = Math.max(-127, Math.min(127, Math.round(127 * (vectors[rank * dimensions + d] ?? 0))));
    weights[i] = Math.round(255 * (SMOOTHING / (SMOOTHING + TOP_SHARE / (rank + 1))));
  });
  return {
    dimensions,
    terms: terms.join(' '),
    vectors: Buffer.from(bytes.buffer).toString('base64'),
    weights: Buffer.from(weights.buffer).toString('base64'),
  };
}
