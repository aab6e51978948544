/**
 * Asks a running server through real HTTP, from a thread of its own (its event loop is not the
 * server's, so a slow answer is the server's), and records how long each answer took.
 */
import { Worker } from 'node:worker_threads';
import { summarize, type LatencySummary } from './stats';

export interface ProbeRequest {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

export interface HttpProbe {
  /** Stops asking; latencies (ms) per request name, when each one's slowest answer was asked, and the answers that were not 2xx. */
  stop(): Promise<{ latency: Record<string, LatencySummary>; failures: number; slowestAt: Record<string, number> }>;
}

// The thread's own code: it loops over the requests until told to stop, then posts its samples.
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, key, requests, intervalMs } = workerData;
const samples = Object.fromEntries(requests.map((r) => [r.name, []]));
const at = Object.fromEntries(requests.map((r) => [r.name, []]));
const t0 = performance.now();
let failures = 0;
let stopping = false;
parentPort.on('message', () => (stopping = true));
(async () => {
  for (let i = 0; !stopping; i++) {
    const r = requests[i % requests.length];
    const t = performance.now();
    try {
      const res = await fetch(url + r.path, {
        method: r.method,
        headers: { authorization: 'Bearer ' + key, 'content-type': 'application/json' },
        body: r.body === undefined ? undefined : JSON.stringify(r.body),
      });
      await res.arrayBuffer();
      if (!res.ok) failures++;
    } catch {
      failures++;
    }
    samples[r.name].push(performance.now() - t);
    at[r.name].push(t - t0);
    await new Promise((done) => setTimeout(done, intervalMs));
  }
  parentPort.postMessage({ samples, at, failures });
})();
`;

export function startHttpProbe(url: string, key: string, requests: ProbeRequest[], intervalMs = 100): HttpProbe {
  const worker = new Worker(PROBE, { eval: true, workerData: { url, key, requests, intervalMs } });
  const done = new Promise<{ samples: Record<string, number[]>; at: Record<string, number[]>; failures: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const { samples, at, failures } = await done;
      await worker.terminate();
      // When (ms after the probe started) each request's slowest answer came: the start of a scan or its middle.
      const slowestAt = Object.fromEntries(Object.entries(samples).map(([name, ms]) => [name, at[name]?.[ms.indexOf(Math.max(...ms))] ?? 0]));
      return { latency: Object.fromEntries(Object.entries(samples).map(([name, ms]) => [name, summarize(ms)])), failures, slowestAt };
    },
  };
}
