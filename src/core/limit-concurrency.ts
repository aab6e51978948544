/**
 * Runs at most `limit` of the given tasks at a time, in the order they were submitted.
 *
 * @example
 * const run = limitConcurrency(2);
 * await Promise.all(chunks.map((c) => run(() => model.extract(c))));
 */
export function limitConcurrency(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    // A finished task hands its slot straight to the next waiter, so no newcomer can slip in between.
    if (active >= Math.max(1, limit)) await new Promise<void>((resolve) => waiting.push(resolve));
    else active += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}
