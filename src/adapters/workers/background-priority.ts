import { setPriority } from 'node:os';

/** Nice value of the threads that ingest: a question asked meanwhile gets the cores first. */
const BACKGROUND_NICE = 10;

/**
 * Lowers the calling worker thread's scheduling priority, so that ingest (parsing, extraction)
 * yields the cores to the threads that answer a user (the server's event loop, the sentence
 * encoder) and still has them all when nothing else runs. Linux only: there a thread's nice value
 * is its own, while on macOS and Windows the call would lower the whole app.
 */
export function runInBackground(): void {
  if (process.platform !== 'linux') return;
  try {
    setPriority(0, BACKGROUND_NICE);
  } catch {
    // A sandbox that forbids it: the thread runs at normal priority, as it did before.
  }
}
