/**
 * Watched folders (issue 15): the first scan's throughput over 2,000 files of real text, how long a
 * saved edit takes to be searchable with its old text gone, and the API's answers while a burst of
 * new files (a checkout) is indexed. The engine runs in-process as the server does (@parcel/watcher,
 * extraction workers), on a temporary data folder and a temporary folder of files.
 *
 *   npm run bench -- --sizes none --no-quality --no-uploads    # with the other sections off
 *   npx tsx bench/folder-sync.ts                               # on its own
 *   npx tsx bench/folder-sync.ts --cold                        # the first scan of a fresh process
 *
 * As the ingest table's, the scan is timed in a running server: after the same warm-up (other
 * documents into another account), unless `--cold`.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createHttpApp } from '../src/adapters/http/create-app';
import { listen } from '../src/adapters/http/serve';
import { defaultExtractWorkers } from '../src/adapters/workers/worker-extractor';
import { makeDataDir, openBenchEngine, removeDataDir } from './bench-engine';
import { loadSentencePool } from './corpus';
import { startHttpProbe, type ProbeRequest } from './http-probe';
import { WARM_UP_DOCUMENTS, warmUpProcess } from './process-warm-up';
import { queryRequest } from './latency';
import { hotpotParagraphs, xquadParagraphs } from './real-data';
import { summarize, type LatencySummary } from './stats';
import { fixed, formatTable } from './table';
import type { FolderService } from '../src/core/folders/folder-service';
import type { FolderView } from '../src/core/folders/folder-model';

export interface FolderSyncResult {
  files: number;
  bytes: number;
  scanSeconds: number;
  filesPerSecond: number;
  mbPerSecond: number;
  /** CPU time of the whole process (every thread) during the scan. */
  scanCpuSeconds: number;
  /** Through real HTTP during the scan, from a thread of its own: GET /documents, POST /query, GET /folders. */
  http: Record<string, LatencySummary>;
  httpFailures: number;
  /** Seconds into the scan at which each request's slowest answer was asked. */
  httpSlowestAt: Record<string, number>;
  /** Resident memory (MB) sampled while the scanned files are only watched, nothing changing. */
  watch: { seconds: number; rssMb: number[]; heapMb: number[] };
  edits: LatencySummary;
  /** Files written at once into the watched folder (as a checkout writes them), until all are indexed, with the API asked meanwhile. */
  burst: { files: number; seconds: number; http: Record<string, LatencySummary>; httpFailures: number };
  /** The process's warm-up before the scan (ingest of other documents into another account); null for a cold scan. */
  warmUp: { bytes: number; seconds: number } | null;
  /** Heap after the scan and after the edits (MB), with 2,000 files watched. */
  heapAfterScanMb: number;
  heapAfterEditsMb: number;
}

const PARAGRAPHS_PER_FILE = 3;
const WATCH_SAMPLE_S = 5;
/** A request every quarter second, the three in turn: about what a busy user and the UI's polling ask. */
const PROBE_EVERY_MS = 250;
const POLL_MS = 20;
const SYLLABLES = ['kel', 'vor', 'ant', 'mir', 'dun', 'sal', 'tor', 'bex', 'quil', 'zar'];
/** A made-up word per edit, so a query names exactly one version of the file. */
const codeWord = (n: number): string => `${SYLLABLES[n % 10]}${SYLLABLES[Math.floor(n / 10) % 10]}${SYLLABLES[Math.floor(n / 100) % 10]}ith`;
const edited = (n: number): string => `Lighthouse log, entry ${n}. Tonight the keeper wrote down the code word ${codeWord(n)} and locked the lamp room.\n`;

/** `files` files of three real paragraphs each (XQuAD and HotpotQA), 100 to a subfolder (`prefix` + its number). */
function writeFolder(dir: string, files: number, prefix = 'part'): number {
  const pool = [...xquadParagraphs().map((p) => p.context), ...hotpotParagraphs().map((s) => s.join(' '))];
  let bytes = 0;
  for (let i = 0; i < files; i++) {
    const sub = join(dir, `${prefix}-${String(Math.floor(i / 100)).padStart(2, '0')}`);
    if (i % 100 === 0) mkdirSync(sub);
    const paragraphs = Array.from({ length: PARAGRAPHS_PER_FILE }, (_, k) => pool[(i * PARAGRAPHS_PER_FILE + k) % pool.length]);
    const text = `${prefix} notes ${i}\n\n${paragraphs.join('\n\n')}\n`;
    writeFileSync(join(sub, `notes-${i}.txt`), text);
    bytes += Buffer.byteLength(text);
  }
  return bytes;
}

/** Polls the bench's one folder until `done` holds for it, or throws after `limitMs`. */
async function untilFolder(service: FolderService, done: (view: FolderView) => boolean, limitMs: number, what: string): Promise<void> {
  const start = performance.now();
  for (;;) {
    const [view] = await service.list();
    if (view && done(view)) return;
    if (performance.now() - start > limitMs) throw new Error(`${what} after ${limitMs / 60_000} minutes`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// A collection before each reading, so the heap figure is what stays alive, not garbage not yet collected.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapMb = (): number => {
  gc();
  return process.memoryUsage().heapUsed / 1e6;
};

/** What a user does while the first scan runs: looks at the list, asks a question, looks at the folder. */
const PROBES: ProbeRequest[] = [
  { name: 'GET /documents', method: 'GET', path: '/documents?limit=20' },
  { name: 'POST /query', method: 'POST', path: '/query', body: queryRequest('Which river flows through the city?', 'chat') },
  { name: 'GET /folders', method: 'GET', path: '/folders' },
];

export async function measureFolderSync(
  options: { files?: number; edits?: number; burstFiles?: number; watchSeconds?: number; extractWorkers?: number; cold?: boolean; log?: (line: string) => void } = {},
): Promise<FolderSyncResult> {
  const { files = 2000, edits = 50, burstFiles = 1000, watchSeconds = 60, extractWorkers = defaultExtractWorkers(), cold = false, log = () => undefined } = options;
  const folder = realpathSync(mkdtempSync(join(tmpdir(), 'kb-bench-folder-')));
  const dataDir = makeDataDir();
  const bench = await openBenchEngine(dataDir, {}, undefined, extractWorkers);
  // Any free port: the app's own port only matters to a browser's CORS origin, and no browser calls here.
  const server = await listen(createHttpApp(bench.engine, { port: 0, log: () => undefined }).app, '127.0.0.1', 0);
  try {
    const warmUp = cold ? null : await warmUpProcess(bench.engine, loadSentencePool());
    if (warmUp) log(`folder sync: warm-up, ${WARM_UP_DOCUMENTS} other documents into another account in ${fixed(warmUp.seconds, 1)} s`);
    const bytes = writeFolder(folder, files);
    mkdirSync(join(folder, 'edits'));
    writeFileSync(join(folder, 'edits', 'lighthouse.txt'), edited(0));
    log(`folder sync: first scan of ${files + 1} files (${fixed(bytes / 1e6, 1)} MB), the API asked through HTTP meanwhile`);
    const service = bench.engine.folders(bench.auth);
    // A server in use has answered before: the first query's one-off loading (graph, lexicon) is not the scan's doing.
    for (const r of PROBES) {
      await fetch(`${server.url}${r.path}`, { method: r.method, headers: { authorization: `Bearer ${bench.apiKey}`, 'content-type': 'application/json' }, body: r.body === undefined ? undefined : JSON.stringify(r.body) }).then((res) => res.arrayBuffer());
    }
    const probe = startHttpProbe(server.url, bench.apiKey, PROBES, PROBE_EVERY_MS);
    const cpu = process.cpuUsage();
    const start = performance.now();
    const { id } = await service.add({ path: folder });
    await untilFolder(service, (view) => view.status === 'watching' && view.counts.pending === 0, Number.POSITIVE_INFINITY, 'the first scan had not finished');
    const scanSeconds = (performance.now() - start) / 1000;
    const used = process.cpuUsage(cpu);
    const { latency: http, failures: httpFailures, slowestAt } = await probe.stop();
    const heapAfterScanMb = heapMb();

    log(`folder sync: ${watchSeconds} s of watching ${files + 1} files, memory sampled`);
    const watch = { seconds: watchSeconds, rssMb: [] as number[], heapMb: [] as number[] };
    for (let t = 0; t <= watchSeconds; t += WATCH_SAMPLE_S) {
      if (t > 0) await new Promise((r) => setTimeout(r, WATCH_SAMPLE_S * 1000));
      watch.heapMb.push(heapMb());
      watch.rssMb.push(process.memoryUsage().rss / 1e6);
    }

    log(`folder sync: ${edits} edits of a small file`);
    const samples: number[] = [];
    for (let n = 1; n <= edits; n++) {
      const [now, before] = [codeWord(n), codeWord(n - 1)];
      const t = performance.now();
      writeFileSync(join(folder, 'edits', 'lighthouse.txt'), edited(n));
      for (;;) {
        const { result } = await bench.kb.prepareQuery(queryRequest(`lighthouse code word ${now} ${before}`, 'chat'));
        const texts = result.chunks.map((c) => c.chunk.text);
        if (texts.some((x) => x.includes(now)) && !texts.some((x) => x.includes(before))) break;
        if (performance.now() - t > 30_000) throw new Error(`edit ${n} was not searchable after 30 s`);
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
      samples.push(performance.now() - t);
    }

    log(`folder sync: a burst of ${burstFiles} new files while the folder is watched`);
    const burstProbe = startHttpProbe(server.url, bench.apiKey, PROBES, PROBE_EVERY_MS);
    const burstStart = performance.now();
    writeFolder(folder, burstFiles, 'checkout');
    await untilFolder(service, (view) => view.counts.pending === 0 && view.counts.indexed + view.counts.failed >= files + 1 + burstFiles, 600_000, 'the burst was not indexed');
    const burstSeconds = (performance.now() - burstStart) / 1000;
    const burstHttp = await burstProbe.stop();
    await service.remove(id, false);
    return {
      files: files + 1,
      bytes,
      scanSeconds,
      filesPerSecond: (files + 1) / scanSeconds,
      mbPerSecond: bytes / 1e6 / scanSeconds,
      scanCpuSeconds: (used.user + used.system) / 1e6,
      http,
      httpFailures,
      httpSlowestAt: Object.fromEntries(Object.entries(slowestAt).map(([name, ms]) => [name, ms / 1000])),
      watch,
      edits: summarize(samples),
      burst: { files: burstFiles, seconds: burstSeconds, http: burstHttp.latency, httpFailures: burstHttp.failures },
      warmUp,
      heapAfterScanMb,
      heapAfterEditsMb: heapMb(),
    };
  } finally {
    await server.close();
    await bench.engine.close();
    removeDataDir(dataDir);
    rmSync(folder, { recursive: true, force: true });
  }
}

export function folderSection(r: FolderSyncResult): string {
  const rss = r.watch.rssMb;
  const heap = r.watch.heapMb;
  return [
    'Watched folder (@parcel/watcher; first scan: add -> watching with nothing pending; edit: write -> a query finds the new text and not the old)',
    r.warmUp
      ? `Timed after the ingest table's warm-up (${fixed(r.warmUp.bytes / 1e6, 1)} MB of other documents into another account, ${fixed(r.warmUp.bytes / 1e6 / r.warmUp.seconds, 2)} MB/s cold); a fresh process's first scan: npx tsx bench/folder-sync.ts --cold`
      : 'Timed in a fresh process (--cold): V8 optimises the extractor and the tagger learns its words during the scan',
    formatTable(
      ['files', 'MB', 'scan s', 'files/s', 'MB/s', 'cpu s', 'edit p50 ms', 'edit p95 ms', 'edit max ms', 'heap MB scan/edits'],
      [[r.files, fixed(r.bytes / 1e6, 2), fixed(r.scanSeconds), fixed(r.filesPerSecond, 0), fixed(r.mbPerSecond, 2), fixed(r.scanCpuSeconds), fixed(r.edits.p50), fixed(r.edits.p95), fixed(r.edits.max), `${fixed(r.heapAfterScanMb, 0)}/${fixed(r.heapAfterEditsMb, 0)}`]],
    ),
    '',
    `The API during the first scan, through HTTP from another thread (${r.httpFailures} answers not 2xx)`,
    formatTable(
      ['request', 'n', 'p50 ms', 'p95 ms', 'max ms', 'max at s'],
      Object.entries(r.http).map(([name, l]) => [name, l.count, fixed(l.p50), fixed(l.p95), fixed(l.max), fixed(r.httpSlowestAt[name] ?? 0, 1)]),
    ),
    '',
    `The API during a burst: ${r.burst.files} new files written at once into the watched folder, all indexed in ${fixed(r.burst.seconds, 1)} s (${r.burst.httpFailures} answers not 2xx)`,
    formatTable(
      ['request', 'n', 'p50 ms', 'p95 ms', 'max ms'],
      Object.entries(r.burst.http).map(([name, l]) => [name, l.count, fixed(l.p50), fixed(l.p95), fixed(l.max)]),
    ),
    '',
    `Memory while ${r.files} files are watched and nothing changes (${r.watch.seconds} s, a sample every ${WATCH_SAMPLE_S} s)`,
    formatTable(
      ['', 'first', 'last', 'min', 'max'],
      [
        ['rss MB', fixed(rss[0] ?? 0, 0), fixed(rss.at(-1) ?? 0, 0), fixed(Math.min(...rss), 0), fixed(Math.max(...rss), 0)],
        ['heap MB', fixed(heap[0] ?? 0, 0), fixed(heap.at(-1) ?? 0, 0), fixed(Math.min(...heap), 0), fixed(Math.max(...heap), 0)],
      ],
    ),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureFolderSync({ cold: process.argv.includes('--cold'), log: (line) => void process.stderr.write(`${line}\n`) });
  console.log(folderSection(result));
}
