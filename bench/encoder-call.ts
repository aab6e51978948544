/**
 * The sentence encoder's call that a doubtful question waits for (the question and the best
 * windows of three passages, as many characters as the gate reads), with one worker and with the
 * pool the app runs, on idle cores and beside busy low-priority threads (a folder's first scan).
 *
 *   npx tsx bench/encoder-call.ts
 */
import { Worker } from 'node:worker_threads';
import { createSentenceEncoder, defaultEncoderThreads } from '../src/adapters/embed/sentence-encoder';
import { READ_CHARS as WINDOW } from '../src/core/retrieval/sentence-meaning';
import { defaultExtractWorkers } from '../src/adapters/workers/worker-extractor';
import { sourceWorker } from './bench-engine';
import { xquadParagraphs } from './real-data';
import { summarize, type LatencySummary } from './stats';
import { fixed, formatTable } from './table';

const CALLS = 12;
const busyScript = sourceWorker('./busy-worker.ts');

export interface EncoderCallRow {
  threads: number;
  load: 'idle' | 'busy';
  latency: LatencySummary;
}

export interface EncoderCallResult {
  rows: EncoderCallRow[];
  /** Resident memory the pool's workers added once loaded, MB. */
  rssMb: Record<number, number>;
  busyThreads: number;
}

/** Calls of real shape: an XQuAD question and three other paragraphs cut to a window each. */
function calls(): string[][] {
  const paragraphs = xquadParagraphs().filter((p) => p.context.length >= WINDOW);
  return Array.from({ length: CALLS }, (_, i) => {
    const at = (k: number) => paragraphs[(i * 7 + k * 31) % paragraphs.length]!;
    return [at(0).questions[0] ?? '', ...[1, 2, 3].map((k) => at(k).context.slice(0, WINDOW))];
  });
}

async function timeCalls(encode: (texts: string[]) => Promise<unknown>, work: string[][]): Promise<LatencySummary> {
  const ms: number[] = [];
  for (const texts of work) {
    const start = performance.now();
    await encode(texts);
    ms.push(performance.now() - start);
  }
  return summarize(ms);
}

export async function measureEncoderCall(options: { log?: (line: string) => void } = {}): Promise<EncoderCallResult> {
  const log = options.log ?? (() => undefined);
  const work = calls();
  const threadCounts = [...new Set([1, defaultEncoderThreads()])];
  const busyThreads = defaultExtractWorkers() + 1;
  const result: EncoderCallResult = { rows: [], rssMb: {}, busyThreads };
  for (const threads of threadCounts) {
    log(`encoder call: ${threads} worker(s)`);
    const before = process.memoryUsage().rss;
    const encoder = createSentenceEncoder(sourceWorker('../src/adapters/embed/sentence-encoder-worker.ts'), { threads });
    try {
      // Loaded and past the first calls' slower start, as a server that has answered before.
      for (const texts of work.slice(0, 3)) await encoder.encode(texts);
      result.rssMb[threads] = (process.memoryUsage().rss - before) / 1e6;
      result.rows.push({ threads, load: 'idle', latency: await timeCalls((t) => encoder.encode(t), work) });
      const busy = Array.from({ length: busyThreads }, () => new Worker(busyScript.url, { workerData: busyScript.workerData }));
      try {
        await new Promise((r) => setTimeout(r, 300));
        result.rows.push({ threads, load: 'busy', latency: await timeCalls((t) => encoder.encode(t), work) });
      } finally {
        await Promise.all(busy.map((b) => b.terminate()));
      }
    } finally {
      await encoder.close();
    }
  }
  return result;
}

export function encoderCallSection(result: EncoderCallResult): string {
  return [
    `Sentence encoder's call in a doubtful question (question + 3 windows of ${WINDOW} characters, ${CALLS} calls); busy: ${result.busyThreads} low-priority threads spinning, as a scan's`,
    formatTable(
      ['workers', 'cores', 'p50 ms', 'p95 ms', 'max ms', 'RSS MB'],
      result.rows.map((r) => [r.threads, r.load, fixed(r.latency.p50, 0), fixed(r.latency.p95, 0), fixed(r.latency.max, 0), fixed(result.rssMb[r.threads] ?? 0, 0)]),
    ),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(encoderCallSection(await measureEncoderCall({ log: (line) => void process.stderr.write(`${line}\n`) })));
}
