/**
 * A general-English IDF prior per analysed term, from nothing but a vocabulary sorted by corpus
 * frequency (GloVe's is).
 *
 * Zipf's law gives a word's share of running text from its rank r (1 for the most frequent):
 *   p(r) = 1 / (r · H_V), H_V = 1 + 1/2 + … + 1/V over the V words of the vocabulary.
 * A term's share P is the sum over the words that analyse to it ("keep", "keeps", "keeping"), the
 * way the text index would count them. A passage of L tokens then holds the term with probability
 * 1 − e^(−P·L) (Poisson), so the prior is the IDF a large collection of such passages would give:
 *   idf = −ln(1 − e^(−P·L))
 * It is in the units of BM25's ln(N/df): near zero for "the", about −ln(P·L) for rare words. The
 * file holds it divided by the idf of the vocabulary's last word (P = 1/(V·H_V)), as the engine's
 * own IDF is divided by its largest: 0 for the commonest terms, near 1 for the rarest known ones,
 * and 1 is what a caller assumes for a term with no prior.
 */
export interface PriorOptions {
  /** Words in the whole vocabulary (V); the harmonic number normalises the shares. */
  vocabularySize: number;
  /** Tokens in a typical passage (L). */
  passageTokens: number;
}

export function harmonic(n: number): number {
  // Exact sum for small n; the asymptotic expansion is accurate to far below rounding beyond it.
  if (n < 1000) {
    let h = 0;
    for (let i = 1; i <= n; i++) h += 1 / i;
    return h;
  }
  return Math.log(n) + 0.5772156649015329 + 1 / (2 * n) - 1 / (12 * n * n);
}

/**
 * `words` in rank order (index 0 is the most frequent); `analyse` maps a word to its terms.
 * Returns each term's prior, 0..1, rounded to thousandths.
 */
export function zipfPriors(words: readonly string[], analyse: (word: string) => string[], options: PriorOptions): Map<string, number> {
  const norm = harmonic(options.vocabularySize);
  const share = new Map<string, number>();
  words.forEach((word, index) => {
    const p = 1 / ((index + 1) * norm);
    for (const term of analyse(word)) share.set(term, (share.get(term) ?? 0) + p);
  });
  const rarest = idfFromShare(1 / (options.vocabularySize * norm), options.passageTokens);
  const priors = new Map<string, number>();
  for (const [term, p] of share) priors.set(term, round3(Math.min(1, idfFromShare(p, options.passageTokens) / rarest)));
  return priors;
}

export function idfFromShare(share: number, passageTokens: number): number {
  // -expm1(-x) is 1 − e^(−x) without cancellation for small x.
  return -Math.log(-Math.expm1(-share * passageTokens));
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
