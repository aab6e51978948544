import type { RetrievalConfig } from '../config';

/**
 * The judged coverage on a scale a reader can take at its word: 0.25 at the refusal threshold,
 * 0.5 where an answer stops being doubtful, 1 when every informative word of the question is
 * found. Piecewise linear, so the order of questions is kept.
 */
export function calibratedCoverage(raw: number, config: Pick<RetrievalConfig, 'coverageThreshold' | 'doubtfulBelow'>): number {
  const knots: [number, number][] = [
    [0, 0],
    [config.coverageThreshold, 0.25],
    [Math.max(config.doubtfulBelow, config.coverageThreshold), 0.5],
    [1, 1],
  ];
  const x = Math.min(1, Math.max(0, raw));
  for (let i = 1; i < knots.length; i++) {
    const [x0, y0] = knots[i - 1] ?? [0, 0];
    const [x1, y1] = knots[i] ?? [1, 1];
    if (x <= x1) return x1 === x0 ? y1 : y0 + ((x - x0) / (x1 - x0)) * (y1 - y0);
  }
  return 1;
}
