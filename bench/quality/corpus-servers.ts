/**
 * A corpus on a fresh data folder: stored once through the API, then served by as many servers
 * (each with its own retrieval settings) as a run needs, and removed afterwards.
 */
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

export type WithServer = <T>(retrieval: Partial<RetrievalConfig>, work: (server: QualityServer) => Promise<T>) => Promise<T>;

/** Stores `documents` on a fresh data folder (through the first server), then lends servers over it. */
export async function withCorpus<T>(documents: readonly CorpusDocument[], retrieval: Partial<RetrievalConfig>, options: CorpusOptions, work: (withServer: WithServer, ingest: IngestFigures) => Promise<T>): Promise<T> {
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
    return await work(withServer, ingest);
  } finally {
    removeDataDir(dataDir);
  }
}
