/**
 * Runs queued work with bounded concurrency. Each task persists its own state, so the queue
 * itself can live in memory: after a restart the engine re-queues every unfinished job.
 */
export class JobQueue {
  private readonly waiting: (() => Promise<void>)[] = [];
  private running = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly concurrency: number) {}

  push(task: () => Promise<void>): void {
    this.waiting.push(task);
    this.pump();
  }

  get pending(): number {
    return this.waiting.length + this.running;
  }

  /** Resolves when nothing is waiting or running. */
  onIdle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Drops work that has not started; running tasks finish. */
  clear(): void {
    this.waiting.length = 0;
  }

  private pump(): void {
    while (this.running < this.concurrency && this.waiting.length > 0) {
      const task = this.waiting.shift();
      if (!task) break;
      this.running++;
      // Tasks record their own failures; the queue only keeps going.
      void task()
        .catch(() => undefined)
        .finally(() => {
          this.running--;
          this.pump();
          if (this.pending === 0) {
            const waiters = this.idleWaiters;
            this.idleWaiters = [];
            for (const resolve of waiters) resolve();
          }
        });
    }
  }
}
