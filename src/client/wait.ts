import { WaitTimeoutError } from './errors';
import { sleep } from './sleep';

export interface WaitOptions<T> {
  /** Gives up with WaitTimeoutError after this long. Default 10 minutes. */
  timeoutMs?: number;
  /** First poll interval; it grows by half each poll up to 2 s. Default 100 ms. */
  intervalMs?: number;
  /** Called with every record polled, e.g. to draw progress. */
  onUpdate?: (record: T) => void;
  signal?: AbortSignal;
}

/** Polls `read` until `finished` says so; returns the last record. */
export async function pollUntil<T>(what: string, read: () => Promise<T>, finished: (record: T) => boolean, options: WaitOptions<T>): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 600_000;
  const deadline = Date.now() + timeoutMs;
  let interval = options.intervalMs ?? 100;
  for (;;) {
    const record = await read();
    options.onUpdate?.(record);
    if (finished(record)) return record;
    if (Date.now() + interval > deadline) throw new WaitTimeoutError(what, timeoutMs);
    await sleep(interval, options.signal);
    interval = Math.min(2000, Math.round(interval * 1.5));
  }
}
