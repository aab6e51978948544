/**
 * A real engine, in-process, on a data folder: SQLite on disk with the offline adapters, exactly
 * what the desktop app runs, minus HTTP (which would only add noise to the timings).
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDefaultAdapters } from '../src/adapters/default-adapters';
import { defaultEncoderThreads } from '../src/adapters/embed/sentence-encoder';
import { resolveConfig, type EngineConfig } from '../src/core/config';
import { createEngine, type Engine, type EngineAdapters } from '../src/core/engine';
import type { KnowledgeBase } from '../src/core/knowledge-base';
import type { AuthContext } from '../src/core/accounts/account-service';

export interface BenchEngine {
  engine: Engine;
  kb: KnowledgeBase;
  /** The owner, as the engine's per-account calls (folders, queries) want it. */
  auth: AuthContext;
  ownerId: string;
  /** The owner's key, for a bench that asks through HTTP. */
  apiKey: string;
  dataDir: string;
}

export function makeDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'kb-bench-'));
}

export function removeDataDir(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Opens (or reopens) the engine on `dataDir` as the owner, with config overrides; `wrap` lets a
 * profiler put timers around the adapters.
 */
/** A worker thread running a TypeScript source (path relative to bench/) through the tests' tsx bootstrap, as the bench runs under tsx. */
export const sourceWorker = (entry: string) => ({
  url: new URL('../test/helpers/tsx-worker.mjs', import.meta.url),
  workerData: { entry: new URL(entry, import.meta.url).href },
});

export async function openBenchEngine(
  dataDir: string,
  overrides: Partial<EngineConfig> = {},
  wrap?: (adapters: EngineAdapters) => EngineAdapters,
  extractWorkers = 0,
  /** Offer local models (Ollama) as the server does, for a run that extracts through a model. */
  withModels = false,
): Promise<BenchEngine> {
  // The server's extraction worker, run from source through the same loader the tests use.
  const script = sourceWorker('../src/adapters/workers/extract-worker.ts');
  const lexicon = { file: fileURLToPath(new URL('../resources/lexicon.json.gz', import.meta.url)), preload: true };
  // PDFs are parsed on a worker thread, as the server parses them.
  const pdfWorker = sourceWorker('../src/adapters/parsers/pdf/pdf-worker.ts');
  // Logs checkpointed on a thread of their own, as the server does.
  const checkpointWorker = sourceWorker('../src/adapters/sqlite/checkpoint-worker.ts');
  // The sentence encoder the coverage gate asks, on its thread and loaded at start, as the server runs it.
  const encoder = { script: sourceWorker('../src/adapters/embed/sentence-encoder-worker.ts'), preload: true, threads: defaultEncoderThreads() };
  const config = resolveConfig({ ...overrides, dataDir, version: 'bench' });
  const adapters = createDefaultAdapters(dataDir, {
    lexicon,
    pdfWorker,
    checkpointWorker,
    encoder,
    ...(extractWorkers > 0 ? { extractWorkers: { script, count: extractWorkers } } : {}),
    ...(withModels ? { models: { config: config.models, modelDirs: [] } } : {}),
  });
  const engine = createEngine(config, wrap ? wrap(adapters) : adapters);
  const { owner } = await engine.start();
  // Timed from a started server: its extraction threads load their model once, at start.
  await adapters.extractor.warmUp?.();
  await adapters.lexicon?.ready?.();
  const auth = await engine.accounts.authenticate(owner.apiKey);
  return { engine, kb: engine.knowledgeBase(auth), auth, ownerId: auth.account.id, apiKey: owner.apiKey, dataDir };
}

/** Bytes of one account's kb.sqlite (plus WAL, if the engine is still open). */
export function knowledgeDbBytes(dataDir: string, accountId: string): number {
  let total = 0;
  for (const name of ['kb.sqlite', 'kb.sqlite-wal']) {
    const file = join(dataDir, 'accounts', accountId, name);
    if (existsSync(file)) total += statSync(file).size;
  }
  return total;
}
