/**
 * Per-account requests-per-minute, as fixed one-minute windows starting at an account's first
 * request. `retryAfterSeconds` is when the current window ends, so a client that waits exactly
 * that long gets through.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one request; returns seconds to wait when it is over the limit, else null. */
  hit(accountId: string, perMinute: number | null): number | null {
    if (perMinute === null) return null;
    const now = this.now();
    let window = this.windows.get(accountId);
    if (!window || now - window.start >= 60_000) {
      window = { start: now, count: 0 };
      this.windows.set(accountId, window);
    }
    if (window.count >= perMinute) return Math.max(1, Math.ceil((window.start + 60_000 - now) / 1000));
    window.count++;
    return null;
  }
}
