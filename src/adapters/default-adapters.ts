import { join } from 'node:path';
import type { EngineAdapters } from '../core/engine';
import { createHashedEmbedder } from '../core/embed/hashed-embedder';
import { createBuiltinExtractor } from '../core/extract/builtin-extractor';
import { createSqliteAccountStore } from './sqlite/account-store';
import { createSqliteKnowledgeStore } from './sqlite/knowledge-store';
import { createFileTypes } from './parsers/file-types';
import { createPdfParser } from './parsers/pdf/pdf-parser';
import { createWorkerExtractor, type WorkerScript } from './workers/worker-extractor';

export interface AdapterOptions {
  /** Run extraction on this many worker threads from this script; in-process when absent. */
  extractWorkers?: { script: WorkerScript; count: number };
  /** The PDF parse worker's script; PDFs are refused (415) without one. */
  pdfWorker?: WorkerScript;
}

/** The offline set: SQLite on disk, the built-in extractor and the hashed embedder. */
export function createDefaultAdapters(dataDir: string, options: AdapterOptions = {}): EngineAdapters {
  const workers = options.extractWorkers;
  return {
    accountStore: createSqliteAccountStore(join(dataDir, 'system.sqlite')),
    openKnowledgeStore: createSqliteKnowledgeStore,
    extractor: workers && workers.count > 0 ? createWorkerExtractor(workers.script, workers.count) : createBuiltinExtractor(),
    embedder: createHashedEmbedder(),
    chatModel: null,
    fileTypes: createFileTypes(options.pdfWorker ? { pdf: createPdfParser({ worker: options.pdfWorker }) } : {}),
  };
}
