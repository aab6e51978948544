import { describe, expect, it } from 'vitest';
import { smoothedQuantile } from '../../../bench/quality/smoothed-quantile';

describe('smoothedQuantile', () => {
  it('reads the median of a symmetric sample at its centre', () => {
    expect(smoothedQuantile([1, 2, 3, 4, 5], 0.5)).toBeCloseTo(3, 5);
  });

  it('puts a low quantile below the smallest score of a small sample, and less far below for a larger one', () => {
    const small = Array.from({ length: 20 }, (_, i) => i / 19);
    const large = Array.from({ length: 2000 }, (_, i) => i / 1999);
    const fromSmall = smoothedQuantile(small, 0.01);
    const fromLarge = smoothedQuantile(large, 0.01);
    expect(fromSmall).toBeLessThan(0);
    expect(fromLarge).toBeGreaterThan(fromSmall);
    expect(fromLarge).toBeGreaterThan(-0.05);
  });
});
