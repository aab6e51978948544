/** The longest ingest waits for questions at one of its steps, so that a stream of questions cannot stall it. */
const MAX_WAIT_MS = 1_000;

/**
 * The questions being prepared in an engine, which ingest's work on the main thread gives way to:
 * between its steps (a batch's analysis, its write, the graph's update) ingest waits until no
 * question is in flight. A question then has the event loop to itself, and the cores go to its
 * sentence encoder rather than to a scan's bookkeeping; ingest's worker threads run on meanwhile.
 */
export class QuestionsFirst {
  private asking = 0;
  private waiting: (() => void)[] = [];

  async answering<T>(work: () => Promise<T>): Promise<T> {
    this.asking++;
    try {
      return await work();
    } finally {
      if (--this.asking === 0) this.release();
    }
  }

  /** Ingest's next step: after the questions in flight (at most MAX_WAIT_MS), on a later turn of the event loop. */
  async turn(): Promise<void> {
    if (this.asking > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, MAX_WAIT_MS);
        this.waiting.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  private release(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const go of waiting) go();
  }
}
