import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDefaultAdapters, type AdapterOptions } from '../../src/adapters/default-adapters';
import { createHttpApp } from '../../src/adapters/http/create-app';
import { resolveConfig, type EngineConfig } from '../../src/core/config';
import { createEngine, type Engine } from '../../src/core/engine';

export interface TestServer {
  engine: Engine;
  dataDir: string;
  ownerKey: string;
  /** Sends a request in-process, as a client on 127.0.0.1 would. */
  request(
    method: string,
    path: string,
    options?: { body?: unknown; rawBody?: FormData; key?: string | null; headers?: Record<string, string> },
  ): Promise<Response>;
  json<T = Record<string, unknown>>(method: string, path: string, options?: { body?: unknown; key?: string | null }): Promise<{ status: number; body: T }>;
  /** Starts a second engine on the same data folder, as a restart would. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export const PORT = 8765;

// Tests run the workers' TypeScript sources through the tsx bootstrap; the build runs the .js files.
export const tsxWorker = (entry: string) => ({
  url: new URL('./tsx-worker.mjs', import.meta.url),
  workerData: { entry: new URL(entry, import.meta.url).href },
});
const ADAPTERS: AdapterOptions = {
  pdfWorker: tsxWorker('../../src/adapters/parsers/pdf/pdf-worker.ts'),
  parseWorker: tsxWorker('../../src/adapters/parsers/worker/document-worker.ts'),
  checkpointWorker: tsxWorker('../../src/adapters/sqlite/checkpoint-worker.ts'),
  encoder: { script: tsxWorker('../../src/adapters/embed/sentence-encoder-worker.ts') },
  // The real lexicon, as npm install builds it, so tests see the engine users get.
  lexicon: { file: fileURLToPath(new URL('../../resources/lexicon.json.gz', import.meta.url)) },
};

/** Fact extraction on worker threads, as `npm start` runs it (tests extract in-process unless they ask). */
export const EXTRACT_WORKERS: Pick<AdapterOptions, 'extractWorkers'> = { extractWorkers: { script: tsxWorker('../../src/adapters/workers/extract-worker.ts'), count: 2 } };

/** A real engine on a temporary data folder, with SQLite on disk and the offline adapters. */
export async function startTestServer(
  overrides: Partial<EngineConfig> = {},
  existingDir?: string,
  /** With `models`, the engine offers local models (Ollama, transformers.js) as the server does; with `extractWorkers`, extraction runs on threads; `encoder: undefined` leaves the gate without its sentence encoder. */
  extra: Pick<AdapterOptions, 'models' | 'extractWorkers' | 'folderWatcher' | 'encoder'> = {},
): Promise<TestServer> {
  const dataDir = existingDir ?? mkdtempSync(join(tmpdir(), 'kb-test-'));
  const config = resolveConfig({ ...overrides, dataDir, version: 'test' });
  const adapters = { ...ADAPTERS, ...extra };
  let engine = createEngine(config, createDefaultAdapters(dataDir, adapters));
  let { owner } = await engine.start();
  let app = createHttpApp(engine, { port: PORT, log: () => undefined }).app;

  const request: TestServer['request'] = (method, path, options = {}) => {
    const headers: Record<string, string> = { host: `127.0.0.1:${PORT}`, ...options.headers };
    const key = options.key === undefined ? owner.apiKey : options.key;
    if (key !== null) headers.authorization = `Bearer ${key}`;
    let body: string | FormData | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    return Promise.resolve(app.request(`http://127.0.0.1:${PORT}${path}`, { method, headers, body }));
  };

  const server: TestServer = {
    get engine() {
      return engine;
    },
    dataDir,
    get ownerKey() {
      return owner.apiKey;
    },
    request,
    async json(method, path, options) {
      const res = await request(method, path, options);
      return { status: res.status, body: (await res.json()) as never };
    },
    async restart() {
      await engine.close();
      engine = createEngine(config, createDefaultAdapters(dataDir, adapters));
      ({ owner } = await engine.start());
      app = createHttpApp(engine, { port: PORT, log: () => undefined }).app;
    },
    async close() {
      await engine.close();
      if (!existingDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** Stores texts through `POST /insert/bulk` and waits for every job to end. */
export async function insertDocuments(server: TestServer, documents: { title: string; content: string }[]): Promise<void> {
  const { body } = await server.json<{ job_ids: string[] }>('POST', '/insert/bulk', { body: { documents } });
  for (const id of body.job_ids) await waitForJob(server, id);
}

/** Polls a job until it ends; returns every status record seen, in order. */
export async function waitForJob(server: TestServer, jobId: string, key?: string, timeoutMs = 20_000): Promise<Record<string, unknown>[]> {
  const seen: Record<string, unknown>[] = [];
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { body } = await server.json('GET', `/job-status/${jobId}`, key === undefined ? {} : { key });
    seen.push(body);
    if (body.status === 'completed' || body.status === 'failed') return seen;
    await new Promise((r) => setTimeout(r, 15));
  }
  throw new Error(`job ${jobId} did not finish in ${timeoutMs} ms: ${JSON.stringify(seen.at(-1))}`);
}
