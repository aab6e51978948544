export interface JobError {
  code: string;
  message: string;
}

export type JobSnapshot<R> =
  | { status: 'working' }
  | { status: 'completed'; result: R }
  | { status: 'failed'; error: JobError };

interface Entry<R> {
  scope: string;
  state: JobSnapshot<R>;
  settled: Promise<void>;
  finishedAt: number | null;
}

export interface JobRegistryOptions {
  /** How long a finished job can still be checked. Default one hour. */
  keepFinishedMs?: number;
  /** Finished jobs kept at most; the oldest go first. Running jobs are never dropped. Default 1,000. */
  maxFinished?: number;
  newId: () => string;
  toError: (error: unknown) => JobError;
  now?: () => number;
}

/**
 * Agent-tool jobs, in memory: a job outlives the call that started it and can be checked any number
 * of times. Jobs belong to a scope (an account on the HTTP transport), and another scope's job id
 * reads as unknown. Kept in the process that runs the tool server; a restart forgets them, which an
 * agent sees as "unknown job" and answers by asking again.
 */
export class JobRegistry<R> {
  private readonly jobs = new Map<string, Entry<R>>();
  private readonly keepMs: number;
  private readonly maxFinished: number;
  private readonly now: () => number;

  constructor(private readonly options: JobRegistryOptions) {
    this.keepMs = options.keepFinishedMs ?? 3_600_000;
    this.maxFinished = options.maxFinished ?? 1000;
    this.now = options.now ?? Date.now;
  }

  /** Starts `work` in the background and returns its job id at once. */
  start(scope: string, work: () => Promise<R>): string {
    this.prune();
    const id = this.options.newId();
    const entry: Entry<R> = { scope, state: { status: 'working' }, settled: Promise.resolve(), finishedAt: null };
    entry.settled = work().then(
      (result) => this.finish(entry, { status: 'completed', result }),
      (error: unknown) => this.finish(entry, { status: 'failed', error: this.options.toError(error) }),
    );
    this.jobs.set(id, entry);
    return id;
  }

  /**
   * The job's state, after waiting up to `waitMs` for it to end (returning as soon as it does, or
   * when `signal` aborts); null when the scope has no such job.
   */
  async check(scope: string, id: string, waitMs: number, signal?: AbortSignal): Promise<JobSnapshot<R> | null> {
    const entry = this.jobs.get(id);
    if (!entry || entry.scope !== scope) return null;
    if (entry.state.status === 'working' && waitMs > 0) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let onAbort: (() => void) | undefined;
      const gaveUp = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, waitMs);
        onAbort = resolve;
        signal?.addEventListener('abort', onAbort, { once: true });
      });
      await Promise.race([entry.settled, gaveUp]);
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    }
    return entry.state;
  }

  private finish(entry: Entry<R>, state: JobSnapshot<R>): void {
    entry.state = state;
    entry.finishedAt = this.now();
  }

  private prune(): void {
    const finished = [...this.jobs].filter(([, e]) => e.finishedAt !== null);
    const cutoff = this.now() - this.keepMs;
    const excess = finished.length - this.maxFinished;
    finished.forEach(([id, e], i) => {
      if (i < excess || (e.finishedAt ?? 0) < cutoff) this.jobs.delete(id);
    });
  }
}
