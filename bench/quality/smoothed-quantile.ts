/**
 * A low quantile of scores, read from their kernel density rather than from the sample itself.
 * The lowest of 80 answerable questions says little about the 81st: a threshold set just below
 * it refused 5% of a held-out half that the tuning half refused none of. Smoothing spreads the
 * tail by the sample's own spread, more so the fewer the scores.
 */

/** Gaussian kernel bandwidth by Silverman's rule of thumb. */
export function silvermanBandwidth(values: readonly number[]): number {
  const n = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, n - 1));
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(n - 1, Math.floor(q * (n - 1)))] ?? 0;
  const iqr = at(0.75) - at(0.25);
  const spread = iqr > 0 ? Math.min(sd, iqr / 1.34) : sd;
  return 0.9 * spread * n ** -0.2;
}

/** The point below which `share` of the kernel density of `values` lies. */
export function smoothedQuantile(values: readonly number[], share: number): number {
  if (values.length === 0) throw new Error('smoothedQuantile: no values');
  const h = silvermanBandwidth(values) || 1e-6;
  const cdf = (x: number): number => values.reduce((sum, v) => sum + normalCdf((x - v) / h), 0) / values.length;
  let lo = Math.min(...values) - 10 * h;
  let hi = Math.max(...values) + 10 * h;
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2;
    if (cdf(mid) < share) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Standard normal CDF (Abramowitz and Stegun 7.1.26, error below 1.5e-7). */
function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}
