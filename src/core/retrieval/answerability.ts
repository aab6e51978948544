import type { RetrievalConfig } from '../config';

type Knots = [number, number][];
type Thresholds = Pick<RetrievalConfig, 'coverageThreshold' | 'doubtfulBelow'>;

/** (judged coverage, reported coverage) pairs, joined by straight lines. */
function knots(config: Thresholds): Knots {
  return [
    [0, 0],
    [config.coverageThreshold, 0.25],
    [Math.max(config.doubtfulBelow, config.coverageThreshold), 0.5],
    [1, 1],
  ];
}

function interpolate(points: Knots, value: number): number {
  const x = Math.min(1, Math.max(0, value));
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1] ?? [0, 0];
    const [x1, y1] = points[i] ?? [1, 1];
    if (x <= x1) return x1 === x0 ? y1 : y0 + ((x - x0) / (x1 - x0)) * (y1 - y0);
  }
  return 1;
}

/**
 * The judged coverage on a scale a reader can take at its word: 0.25 at the refusal threshold,
 * 0.5 where an answer stops being doubtful, 1 when every informative word of the question is
 * found. Piecewise linear, so the order of questions is kept.
 */
export function calibratedCoverage(raw: number, config: Thresholds): number {
  return interpolate(knots(config), raw);
}

/** The judged coverage behind a reported one (for tuning the thresholds from reported figures). */
export function judgedCoverage(reported: number, config: Thresholds): number {
  const points = knots(config).map(([x, y]): [number, number] => [y, x]);
  return interpolate(points.filter((p, i) => i === 0 || p[0] > (points[i - 1]?.[0] ?? -1)), reported);
}
