/** One corpus size, start to finish, on its own fresh data folder that is removed afterwards. */
import { DEFAULT_CHUNKING } from '../src/core/config';
import { knowledgeDbBytes, makeDataDir, openBenchEngine, removeDataDir } from './bench-engine';
import { createDocumentStream, type SentencePool } from './corpus';
import { ingestToTarget, type IngestResult } from './ingest-run';
import { measureLatency, warmUp, type LatencyResult } from './latency';
import { WARM_UP_DOCUMENTS, warmUpProcess } from './process-warm-up';
import { memorySnapshot, type MemorySnapshot } from './machine';
import type { QuestionSet } from './questions';
import { timeRetrievalLegs, type LegTiming } from './retrieval-legs';
import { profileStatements, type StatementTiming } from './sql-profile';
import { StageProfile, type StageTiming } from './stage-profile';

export interface SizeProfile {
  ingestStages: StageTiming[];
  ingestStatements: StatementTiming[];
  queryStatements: StatementTiming[];
}

export interface SizeResult {
  targetChunks: number;
  /** The warm-up ingest into another account, in a cold process: what the first uploads after a start cost. */
  coldIngest: { bytes: number; seconds: number };
  ingest: IngestResult;
  dbBytes: number;
  chat: LatencyResult;
  thinking: LatencyResult;
  legs: LegTiming[] | null;
  profile: SizeProfile | null;
  memoryAfterIngest: MemorySnapshot;
  memoryAfterQueries: MemorySnapshot;
}

export interface SizeOptions {
  legs: boolean;
  profile: boolean;
  extractWorkers: number;
  log: (line: string) => void;
}

const CORPUS_SEED = 0x5eed;
const TOP_STATEMENTS = 12;

export async function runSize(targetChunks: number, pool: SentencePool, questions: QuestionSet, options: SizeOptions): Promise<SizeResult> {
  const { log } = options;
  const stages = options.profile ? new StageProfile() : null;
  const statements = options.profile ? profileStatements() : null;
  const dataDir = makeDataDir();
  try {
    const { engine, kb, ownerId } = await openBenchEngine(dataDir, {}, stages ? (a) => stages.wrap(a) : undefined, options.extractWorkers);
    let closed = false;
    try {
      const coldIngest = await warmUpProcess(engine, pool);
      log(`  warm-up: ${WARM_UP_DOCUMENTS} other documents into another account in ${coldIngest.seconds.toFixed(1)} s`);
      // Same seed for every size: the 10k corpus starts with the 1k corpus's documents.
      const next = createDocumentStream(pool, DEFAULT_CHUNKING, CORPUS_SEED);
      let reported = 0;
      stages?.reset();
      statements?.reset();
      const ingest = await ingestToTarget(engine, kb, next, targetChunks, (chunks) => {
        if (chunks - reported >= Math.max(1000, targetChunks / 10) || chunks >= targetChunks) {
          reported = chunks;
          log(`  ingest ${chunks}/${targetChunks} chunks`);
        }
      });
      const ingestStages = stages?.all() ?? [];
      const ingestStatements = statements?.top(TOP_STATEMENTS) ?? [];
      const memoryAfterIngest = memorySnapshot();
      log(`  ingested ${ingest.documents} documents in ${ingest.seconds.toFixed(1)} s; querying`);

      await warmUp(kb, questions.warmUp);
      statements?.reset();
      const chat = await measureLatency(kb, questions.measured, 'chat');
      const queryStatements = statements?.top(TOP_STATEMENTS) ?? [];
      const thinking = await measureLatency(kb, questions.measured, 'thinking');
      const legs = options.legs ? await timeRetrievalLegs(kb, questions.measured) : null;
      const memoryAfterQueries = memorySnapshot();
      await engine.close();
      closed = true;
      // Measured after close: the engine folds the WAL back, so this is the file a user keeps.
      const dbBytes = knowledgeDbBytes(dataDir, ownerId);
      const profile = options.profile ? { ingestStages, ingestStatements, queryStatements } : null;
      return { targetChunks, coldIngest, ingest, dbBytes, chat, thinking, legs, profile, memoryAfterIngest, memoryAfterQueries };
    } finally {
      if (!closed) await engine.close();
    }
  } finally {
    removeDataDir(dataDir);
  }
}
