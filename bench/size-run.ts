/** One corpus size, start to finish, on its own fresh data folder that is removed afterwards. */
import { DEFAULT_CHUNKING } from '../src/core/config';
import { knowledgeDbBytes, makeDataDir, openBenchEngine, removeDataDir } from './bench-engine';
import { createDocumentStream, type SentencePool } from './corpus';
import { ingestToTarget, type IngestResult } from './ingest-run';
import { measureLatency, warmUp, type LatencyResult } from './latency';
import { memorySnapshot, type MemorySnapshot } from './machine';
import type { QuestionSet } from './questions';
import { timeRetrievalLegs, type LegTiming } from './retrieval-legs';

export interface SizeResult {
  targetChunks: number;
  ingest: IngestResult;
  dbBytes: number;
  chat: LatencyResult;
  thinking: LatencyResult;
  legs: LegTiming[] | null;
  memoryAfterIngest: MemorySnapshot;
  memoryAfterQueries: MemorySnapshot;
}

const CORPUS_SEED = 0x5eed;

export async function runSize(targetChunks: number, pool: SentencePool, questions: QuestionSet, withLegs: boolean, log: (line: string) => void): Promise<SizeResult> {
  const dataDir = makeDataDir();
  try {
    const { engine, kb } = await openBenchEngine(dataDir);
    let closed = false;
    try {
      // Same seed for every size: the 10k corpus starts with the 1k corpus's documents.
      const next = createDocumentStream(pool, DEFAULT_CHUNKING, CORPUS_SEED);
      let reported = 0;
      const ingest = await ingestToTarget(engine, kb, next, targetChunks, (chunks) => {
        if (chunks - reported >= Math.max(1000, targetChunks / 10) || chunks >= targetChunks) {
          reported = chunks;
          log(`  ingest ${chunks}/${targetChunks} chunks`);
        }
      });
      const memoryAfterIngest = memorySnapshot();
      log(`  ingested ${ingest.documents} documents in ${ingest.seconds.toFixed(1)} s; querying`);
      await warmUp(kb, questions.warmUp);
      const chat = await measureLatency(kb, questions.measured, 'chat');
      const thinking = await measureLatency(kb, questions.measured, 'thinking');
      const legs = withLegs ? await timeRetrievalLegs(kb, questions.measured) : null;
      const memoryAfterQueries = memorySnapshot();
      await engine.close();
      closed = true;
      // Measured after close: the engine folds the WAL back, so this is the file a user keeps.
      const dbBytes = knowledgeDbBytes(dataDir);
      return { targetChunks, ingest, dbBytes, chat, thinking, legs, memoryAfterIngest, memoryAfterQueries };
    } finally {
      if (!closed) await engine.close();
    }
  } finally {
    removeDataDir(dataDir);
  }
}
