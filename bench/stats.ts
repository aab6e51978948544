/** Summaries of timing samples. Percentiles use the nearest-rank method, so p99 of 200 is a real sample. */
export interface LatencySummary {
  count: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function summarize(samples: readonly number[]): LatencySummary {
  const sorted = samples.slice().sort((a, b) => a - b);
  const at = (p: number): number => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  const mean = sorted.reduce((sum, v) => sum + v, 0) / Math.max(1, sorted.length);
  return { count: sorted.length, mean, p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1) ?? 0 };
}

export async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}
