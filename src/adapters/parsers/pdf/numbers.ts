/**
 * Min, max and median over mapped values without spreading into Math.min/max: a hostile page
 * can hold millions of runs, more than a function call takes as arguments.
 */

export function minOf<T>(items: readonly T[], value: (item: T) => number): number {
  let min = Infinity;
  for (const item of items) min = Math.min(min, value(item));
  return min;
}

export function maxOf<T>(items: readonly T[], value: (item: T) => number): number {
  let max = -Infinity;
  for (const item of items) max = Math.max(max, value(item));
  return max;
}

export function median(values: readonly number[]): number | undefined {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
