/**
 * A corpus on a fresh data folder: stored once through the API, then served by as many servers
 * (each with its own retrieval settings) as a run needs, and removed afterwards.
 */
import Database from 'better-sqlite3';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { RetrievalConfig } from '../../src/core/config';
import { makeDataDir, removeDataDir } from '../bench-engine';
import { ask } from './ask-questions';
import { ingestCorpus, type IngestFigures } from './ingest-corpus';
import { startQualityServer, type QualityServer } from './quality-server';
import type { CorpusDocument } from './quality-sets';

export interface CorpusOptions {
  /** Extraction threads of the server that stores the corpus. */
  extractWorkers: number;
  log: (line: string) => void;
}

/** Unscored queries first: the first query of a server loads the graph. */
const WARM_UP = 5;

/** Passages as the server stored them, for each uploaded file: its chunks' text, in order. */
export type StoredTexts = Map<string, string[]>;

/**
 * The chunk texts of the uploaded files, read from the stopped server's database: a PDF's text is
 * what the engine's parser made of it, so plain BM25 and the missing-answer variant see the same.
 */
function storedTexts(dataDir: string, uploaded: ReadonlyMap<string, string>): StoredTexts {
  const texts: StoredTexts = new Map();
  if (uploaded.size === 0) return texts;
  const accounts = join(dataDir, 'accounts');
  for (const account of readdirSync(accounts)) {
    const file = join(accounts, account, 'kb.sqlite');
    if (!existsSync(file)) continue;
    const db = new Database(file, { readonly: true });
    try {
      const chunks = db.prepare<[string], { text: string }>('SELECT text FROM chunks WHERE document_id = ? ORDER BY ordinal');
      for (const [title, id] of uploaded) {
        const list = chunks.all(id).map((c) => c.text);
        if (list.length > 0) texts.set(title, list);
      }
    } finally {
      db.close();
    }
  }
  return texts;
}

/**
 * The documents with each uploaded file's chunks as stored as its paragraphs (what a set scored by
 * passage is scored on), and its text as stored where the set gave none (a PDF).
 */
export function withStoredTexts(documents: readonly CorpusDocument[], texts: StoredTexts): CorpusDocument[] {
  return documents.map((d) => {
    const paragraphs = d.file === undefined ? undefined : texts.get(d.title);
    return paragraphs ? { ...d, content: d.content !== '' ? d.content : paragraphs.join('\n\n'), paragraphs } : d;
  });
}

export type WithServer = <T>(retrieval: Partial<RetrievalConfig>, work: (server: QualityServer) => Promise<T>) => Promise<T>;

/** Stores `documents` on a fresh data folder (through the first server), then lends servers over it. */
export async function withCorpus<T>(documents: readonly CorpusDocument[], retrieval: Partial<RetrievalConfig>, options: CorpusOptions, work: (withServer: WithServer, ingest: IngestFigures, stored: StoredTexts) => Promise<T>): Promise<T> {
  const dataDir = makeDataDir();
  try {
    // Only the server that ingests gets extraction threads: starting them loads the language model
    // on both cores, which showed up as doubled query latency on the servers started after it.
    const first = await startQualityServer(dataDir, retrieval, options.extractWorkers);
    let ingest: IngestFigures;
    try {
      ingest = await ingestCorpus(first.client, documents, options.log);
    } finally {
      await first.close();
    }
    const withServer: WithServer = async (config, run) => {
      const server = await startQualityServer(dataDir, config, 0);
      try {
        await ask(server.client, documents.slice(0, WARM_UP).map((d) => d.title));
        return await run(server);
      } finally {
        await server.close();
      }
    };
    return await work(withServer, ingest, storedTexts(dataDir, ingest.uploaded));
  } finally {
    removeDataDir(dataDir);
  }
}
