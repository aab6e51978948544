import { nextTurn } from './ingest/ingest-document';

/** The longest ingest waits for questions at one of its steps. */
const MAX_WAIT_MS = 1_000;

/**
 * The questions being prepared in an engine, which ingest's work on the main thread gives way to:
 * between its steps (a folder scan's next file, a batch's analysis, its write, the graph's update)
 * ingest waits until the questions already asked are prepared. A question then has the event loop
 * to itself, and the cores go to its sentence encoder rather than to a scan's bookkeeping; ingest's
 * worker threads run on meanwhile. Only questions asked before the wait began hold it, so a steady
 * stream of questions slows ingest without stopping it.
 */
export class QuestionsFirst {
  private readonly asked = new Set<Promise<void>>();

  answering<T>(work: () => Promise<T>): Promise<T> {
    const answer = work();
    const prepared = answer.then(
      () => undefined,
      () => undefined,
    );
    this.asked.add(prepared);
    void prepared.then(() => this.asked.delete(prepared));
    return answer;
  }

  /** Ingest's next step: after the questions asked so far (at most MAX_WAIT_MS), on a later turn of the event loop. */
  async turn(): Promise<void> {
    if (this.asked.size > 0) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, MAX_WAIT_MS)));
      await Promise.race([Promise.all([...this.asked]), limit]);
      clearTimeout(timer);
    }
    await nextTurn();
  }
}
