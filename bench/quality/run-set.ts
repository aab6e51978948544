/**
 * One question set on its own fresh data folder (so its own account and corpus): stored once
 * through the full pipeline's server, then asked through each pipeline's servers in turn, the
 * default one (refusals, latency) and one with the coverage gate off (rankings).
 */
import { makeDataDir, removeDataDir } from '../bench-engine';
import type { LatencySummary } from '../stats';
import { ask, type Answer } from './ask-questions';
import { runDetails, type RunDetails } from './quality-details';
import { ingestCorpus, type IngestFigures } from './ingest-corpus';
import { PIPELINES, ungated, type Depth, type Pipeline, type PipelineName } from './pipelines';
import { insufficientRate, latencies, scoreRanking, type RankingScores } from './quality-metrics';
import { startQualityServer, type QualityServer } from './quality-server';
import { spread, type QualitySet, type SetName } from './quality-sets';

export interface RunResult {
  set: SetName;
  pipeline: PipelineName;
  depth: Depth;
  answerable: RankingScores;
  offTopic: { questions: number; insufficientRate: number; roundTrip: LatencySummary; server: LatencySummary };
  details: RunDetails;
}

export interface SetResult {
  set: SetName;
  ingest: IngestFigures;
  runs: RunResult[];
}

export interface SetOptions {
  limit: number | null;
  offTopic: readonly string[];
  extractWorkers: number;
  log: (line: string) => void;
}

/** Unscored queries first (document titles, so no measured question is asked twice): the first query of a server loads the graph. */
const WARM_UP = 5;

export async function runSet(set: QualitySet, options: SetOptions): Promise<SetResult> {
  const { log } = options;
  const questions = options.limit === null ? set.questions : spread(set.questions, options.limit);
  const texts = questions.map((q) => q.question);
  const dataDir = makeDataDir();
  let ingest: IngestFigures | null = null;
  // Only the server that ingests gets extraction threads: starting them loads the language model
  // on both cores, which showed up as doubled query latency on the servers started after it.
  const withServer = async <T>(pipeline: Pipeline, work: (server: QualityServer) => Promise<T>): Promise<T> => {
    const server = await startQualityServer(dataDir, pipeline, ingest ? 0 : options.extractWorkers);
    try {
      if (!ingest) {
        log(`${set.name}: storing ${set.documents.length} documents through ${server.url}/insert/bulk`);
        ingest = await ingestCorpus(server.client, set.documents, log);
        log(`${set.name}: stored in ${ingest.seconds.toFixed(1)} s (${ingest.chunks} chunks, ${ingest.facts} facts)`);
      }
      await ask(server.client, set.documents.slice(0, WARM_UP).map((d) => d.title), 'basic');
      return await work(server);
    } finally {
      await server.close();
    }
  };
  try {
    const runs: RunResult[] = [];
    for (const pipeline of PIPELINES) {
      const served = await withServer(pipeline, async (server) => {
        const byDepth = new Map<Depth, { answers: Answer[]; off: Answer[] }>();
        for (const depth of pipeline.depths) {
          log(`${set.name}: ${pipeline.name} pipeline, ${depth} depth: ${texts.length} questions + ${options.offTopic.length} off-topic`);
          byDepth.set(depth, { answers: await ask(server.client, texts, depth), off: await ask(server.client, options.offTopic, depth) });
        }
        return byDepth;
      });
      const ranked = await withServer(ungated(pipeline), async (server) => {
        const byDepth = new Map<Depth, Answer[]>();
        for (const depth of pipeline.depths) {
          log(`${set.name}: ${pipeline.name} pipeline, ${depth} depth, coverage gate off: ${texts.length} questions`);
          byDepth.set(depth, await ask(server.client, texts, depth));
        }
        return byDepth;
      });
      for (const depth of pipeline.depths) {
        const { answers, off } = served.get(depth) ?? { answers: [], off: [] };
        const rankings = ranked.get(depth) ?? [];
        runs.push({
          set: set.name,
          pipeline: pipeline.name,
          depth,
          answerable: scoreRanking(rankings, answers, questions.map((q) => q.gold)),
          offTopic: { questions: off.length, insufficientRate: insufficientRate(off), ...latencies(off) },
          details: runDetails(questions, rankings, answers, options.offTopic, off),
        });
      }
    }
    if (!ingest) throw new Error('no pipeline to run');
    return { set: set.name, ingest, runs };
  } finally {
    removeDataDir(dataDir);
  }
}
