// Test-only preload for the soak (node --expose-gc --import memory-probe.mjs server.js): from the
// first SIGUSR2 on, the server's main thread runs a full garbage collection every
// KB_MEMORY_PROBE_MS and appends what stays afterwards (RSS, V8 heap, external memory) to
// KB_MEMORY_PROBE_FILE, one JSON line each. What survives a full collection is what the process
// holds on to; RSS alone also counts garbage V8 has not collected yet.
import { appendFileSync } from 'node:fs';
import { setInterval } from 'node:timers';
import { isMainThread } from 'node:worker_threads';

const file = process.env.KB_MEMORY_PROBE_FILE;
const every = Number(process.env.KB_MEMORY_PROBE_MS ?? 5000);
const gc = globalThis.gc;

if (isMainThread && file && typeof gc === 'function') {
  let timer = null;
  process.on('SIGUSR2', () => {
    timer ??= setInterval(() => {
      gc();
      const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
      appendFileSync(file, `${JSON.stringify({ at: Date.now(), rss, heapUsed, external, arrayBuffers })}\n`);
    }, every);
    timer.unref();
  });
}
