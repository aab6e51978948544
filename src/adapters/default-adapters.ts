import { join } from 'node:path';
import type { EngineAdapters } from '../core/engine';
import { createHashedEmbedder } from '../core/embed/hashed-embedder';
import { createBuiltinExtractor } from '../core/extract/builtin-extractor';
import { createSqliteAccountStore } from './sqlite/account-store';
import { createSqliteKnowledgeStore } from './sqlite/knowledge-store';
import { createWalCheckpointer } from './sqlite/wal-checkpointer';
import { restoreKnowledgeFile } from './sqlite/knowledge-backup';
import { createFileTypes } from './parsers/file-types';
import { createPdfParser } from './parsers/pdf/pdf-parser';
import { createParseWorkers } from './parsers/worker/parse-workers';
import { createWorkerExtractor, type WorkerScript } from './workers/worker-extractor';
import type { ModelsConfig } from '../core/config';
import { createModelBackends } from './model-backends';
import { createSettingsFile } from './settings-file';
import { createNodeFolderFs } from './folders/node-folder-fs';
import { createParcelWatcher } from './folders/parcel-watcher';
import type { FolderWatcher } from '../core/ports';
import { openLexiconFile, type LexiconFileOptions } from './lexicon/lexicon-file';
import { createSentenceEncoder, type SentenceEncoderOptions } from './embed/sentence-encoder';

export interface AdapterOptions {
  /** Run extraction on this many worker threads from this script; in-process when absent. */
  extractWorkers?: { script: WorkerScript; count: number };
  /** The PDF parse worker's script; PDFs are refused (415) without one. */
  pdfWorker?: WorkerScript;
  /** Folder of the OCR language data (`eng.traineddata.gz`); absent: the installed @tesseract.js-data package. */
  ocrLangPath?: string;
  /** The text, Markdown, CSV and DOCX parse worker's script; without one they parse on the main thread. */
  parseWorker?: WorkerScript;
  /**
   * Local models (Ollama, transformers.js, SearXNG) chosen by the settings in `settings.json`;
   * absent: the fixed offline set.
   */
  models?: { config: ModelsConfig; modelDirs: string[]; embedWorker?: WorkerScript };
  /** The checkpoint worker's script: knowledge bases' logs are then checkpointed on its thread, not in ingest's commits. */
  checkpointWorker?: WorkerScript;
  /** General-English word knowledge (resources/lexicon.json.gz), read on first use or preloaded; absent: none. */
  lexicon?: { file: string } & LexiconFileOptions;
  /** The bundled sentence encoder's worker, which the coverage gate asks when words leave it unsure, loaded on first use or preloaded; absent: words alone. */
  encoder?: { script: WorkerScript } & SentenceEncoderOptions;
  /** How watched folders are followed; absent: @parcel/watcher. */
  folderWatcher?: FolderWatcher;
}

/** The offline set (SQLite on disk, the built-in extractor, the hashed embedder), plus local models when asked. */
export function createDefaultAdapters(dataDir: string, options: AdapterOptions = {}): EngineAdapters {
  const workers = options.extractWorkers;
  const checkpointer = options.checkpointWorker ? createWalCheckpointer(options.checkpointWorker) : undefined;
  return {
    accountStore: createSqliteAccountStore(join(dataDir, 'system.sqlite')),
    openKnowledgeStore: (dir) => createSqliteKnowledgeStore(dir, checkpointer),
    restoreKnowledgeStore: restoreKnowledgeFile,
    extractor: workers && workers.count > 0 ? createWorkerExtractor(workers.script, workers.count) : createBuiltinExtractor(),
    embedder: createHashedEmbedder(),
    chatModel: null,
    folderFs: createNodeFolderFs(),
    folderWatcher: options.folderWatcher ?? createParcelWatcher(),
    ...(options.lexicon ? { lexicon: openLexiconFile(options.lexicon.file, options.lexicon) } : {}),
    ...(options.encoder ? { encoder: createSentenceEncoder(options.encoder.script, options.encoder) } : {}),
    fileTypes: createFileTypes({
      ...(options.pdfWorker
        ? { pdf: createPdfParser({ worker: options.pdfWorker, ...(options.ocrLangPath ? { parse: { ocr: { langPath: options.ocrLangPath } } } : {}) }) }
        : {}),
      ...(options.parseWorker ? { workers: createParseWorkers({ worker: options.parseWorker }) } : {}),
    }),
    ...(options.models
      ? {
          models: createModelBackends({ dataDir, models: options.models.config, modelDirs: options.models.modelDirs, ...(options.models.embedWorker ? { embedWorker: options.models.embedWorker } : {}) }),
          settingsStore: createSettingsFile(dataDir),
        }
      : {}),
  };
}
