/**
 * One question set: its corpus stored through the API on a fresh data folder, every question
 * asked of the default server (gate on, as users get it) and of one with the gate off (the
 * rankings, and the coverage of every question); then the missing-answer variant on a folder of
 * its own. Plain BM25 ranks the same questions over the same documents.
 */
import type { RetrievalConfig } from '../../src/core/config';
import { ask, type Answer } from './ask-questions';
import { HALVES, halfOf, type Half } from './halves';
import type { IngestFigures } from './ingest-corpus';
import { withCorpus, withStoredTexts } from './corpus-servers';
import { missingAnswerVariant } from './missing-answer';
import { QUESTION_SHAPES } from './question-shapes';
import { passagesOf, plainBm25 } from './plain-bm25';
import { goldRanks, latencies, meanScores, rate, refusedOrMarked, scoreQuestion, type RankingScores } from './quality-metrics';
import type { QualityServer } from './quality-server';
import { spread, type OpenQuestion, type QualitySet, type SetName } from './quality-sets';
import type { LatencySummary } from '../stats';

export interface HalfResult {
  half: Half;
  engine: RankingScores;
  ungated: RankingScores;
  bm25: RankingScores;
  answerableRefused: number;
  offTopic: { questions: number; refused: number };
  /** Near-topic questions the corpus cannot answer: refused or coverage below 0.5. */
  unanswerable: { questions: number; refusedOrMarked: number } | null;
  missing: { questions: number; refused: number; refusedOrMarked: number } | null;
  /** The answerable questions in other shapes (question-shapes.ts), gate on, by shape. */
  shapes: Record<string, { engine: RankingScores; bm25: RankingScores; refused: number }>;
  server: LatencySummary;
}

/** One question's outcome, written to quality.json so a change can be checked question by question. */
export interface QuestionRecord {
  id: string;
  kind: 'answerable' | 'unanswerable' | 'off-topic' | 'missing';
  half: Half;
  question: string;
  refused: boolean;
  coverage: number;
  /** Coverage from the server with the gate off (so for every question, refused or not). */
  judged: number;
  ranks?: number[];
  bm25Ranks?: number[];
  top?: string[];
}

export interface SetResult {
  set: SetName;
  /** Whether several passages together answer: "all gold in the top 10" is then a target. */
  multiHop: boolean;
  ingest: IngestFigures;
  halves: HalfResult[];
  records: QuestionRecord[];
}

export interface SetOptions {
  limit: number | null;
  offTopic: readonly OpenQuestion[];
  extractWorkers: number;
  retrieval: Partial<RetrievalConfig>;
  log: (line: string) => void;
}

export const RESULT_DEPTH = 10;

interface Asked {
  answerable: Answer[];
  /** By shape, as `shaped` lists the questions. */
  shaped: Answer[][];
  unanswerable: Answer[];
  offTopic: Answer[];
}

export async function runSet(set: QualitySet, options: SetOptions): Promise<SetResult> {
  const { log } = options;
  const questions = options.limit === null ? set.questions : spread(set.questions, options.limit);
  const unanswerable = set.unanswerable;
  const retrieval = { ...options.retrieval, topK: RESULT_DEPTH };
  const shaped = QUESTION_SHAPES.map((shape) =>
    questions.flatMap((q) => {
      const question = shape.make(q);
      return question === null ? [] : [{ ...q, question }];
    }),
  );
  const askShaped = async (server: QualityServer): Promise<Answer[][]> => {
    const answers: Answer[][] = [];
    for (const list of shaped) answers.push(await ask(server.client, list.map((q) => q.question)));
    return answers;
  };
  const askAll = async (server: QualityServer, withShapes = true): Promise<Asked> => ({
    answerable: await ask(server.client, questions.map((q) => q.question)),
    shaped: withShapes ? await askShaped(server) : [],
    unanswerable: await ask(server.client, unanswerable.map((q) => q.question)),
    offTopic: await ask(server.client, options.offTopic.map((q) => q.question)),
  });

  log(`${set.name}: storing ${set.documents.length} documents`);
  const main = await withCorpus(set.documents, retrieval, options, async (withServer, ingest, stored) => ({
    ingest,
    stored,
    served: await withServer(retrieval, askAll),
    open: await withServer({ ...retrieval, coverageThreshold: 0 }, (server) => askAll(server, false)),
  }));
  log(`${set.name}: stored in ${main.ingest.seconds.toFixed(1)} s (${main.ingest.chunks} chunks); asked ${questions.length} + ${unanswerable.length} + ${options.offTopic.length}`);

  // Score by the titles the server stored (a Markdown file is titled by its first heading).
  const retitle = (title: string): string => main.ingest.titles.get(title) ?? title;
  const documents = withStoredTexts(set.documents, main.stored);
  const variant = missingAnswerVariant({ ...set, documents, questions });
  const scored = questions.map((q) => ({ ...q, gold: q.gold.map(retitle) }));
  const missing = await withCorpus(variant.documents, retrieval, options, async (withServer) => ({
    served: await withServer(retrieval, (s) => ask(s.client, variant.missing.map((q) => q.question))),
    open: await withServer({ ...retrieval, coverageThreshold: 0 }, (s) => ask(s.client, variant.missing.map((q) => q.question))),
  }));
  log(`${set.name}: missing-answer variant, ${variant.documents.length} documents, ${variant.missing.length} questions`);

  const bm25 = plainBm25(passagesOf(documents.map((d) => ({ ...d, title: retitle(d.title) })), set.match === 'answer'));
  const bm25Ranks = scored.map((q) => goldRanks(bm25.search(q.question, RESULT_DEPTH), q, set.match));
  const engineRanks = main.open.answerable.map((a, i) => goldRanks(a.passages, scored[i] ?? { id: '', question: '', gold: [] }, set.match));
  const shapeRanks = shaped.map((list, k) => {
    const gold = list.map((q) => ({ ...q, gold: q.gold.map(retitle) }));
    return {
      engine: (main.served.shaped[k] ?? []).map((a, i) => goldRanks(a.passages, gold[i] ?? { id: '', question: '', gold: [] }, set.match)),
      bm25: gold.map((q) => goldRanks(bm25.search(q.question, RESULT_DEPTH), q, set.match)),
    };
  });

  const records: QuestionRecord[] = [
    ...questions.map((q, i) => record(q, 'answerable', main.served.answerable[i], main.open.answerable[i], { ranks: engineRanks[i] ?? [], bm25Ranks: bm25Ranks[i] ?? [] })),
    ...unanswerable.map((q, i) => record(q, 'unanswerable', main.served.unanswerable[i], main.open.unanswerable[i])),
    ...options.offTopic.map((q, i) => record(q, 'off-topic', main.served.offTopic[i], main.open.offTopic[i])),
    ...variant.missing.map((q, i) => record(q, 'missing', missing.served[i], missing.open[i])),
  ];

  const halves = HALVES.map((half): HalfResult => {
    const inHalf = <T extends { id: string }>(items: readonly T[]): boolean[] => items.map((q) => halfOf(q.id) === half);
    const pick = <T>(values: readonly T[], mask: boolean[]): T[] => values.filter((_, i) => mask[i]);
    const qMask = inHalf(questions);
    const served = pick(main.served.answerable, qMask);
    const engineScores = pick(engineRanks, qMask).map(scoreQuestion);
    const off = pick(main.served.offTopic, inHalf(options.offTopic));
    const near = pick(main.served.unanswerable, inHalf(unanswerable));
    const gone = pick(missing.served, inHalf(variant.missing));
    const shapes = Object.fromEntries(
      QUESTION_SHAPES.map((shape, k) => {
        const mask = inHalf(shaped[k] ?? []);
        const answers = pick(main.served.shaped[k] ?? [], mask);
        const ranks = shapeRanks[k] ?? { engine: [], bm25: [] };
        return [shape.name, { engine: meanScores(pick(ranks.engine, mask).map(scoreQuestion), answers.map((a) => a.insufficient)), bm25: meanScores(pick(ranks.bm25, mask).map(scoreQuestion)), refused: rate(answers, (a) => a.insufficient) }];
      }),
    );
    return {
      half,
      engine: meanScores(engineScores, served.map((a) => a.insufficient)),
      ungated: meanScores(engineScores),
      bm25: meanScores(pick(bm25Ranks, qMask).map(scoreQuestion)),
      answerableRefused: rate(served, (a) => a.insufficient),
      offTopic: { questions: off.length, refused: rate(off, (a) => a.insufficient) },
      unanswerable: near.length > 0 ? { questions: near.length, refusedOrMarked: rate(near, refusedOrMarked) } : null,
      missing: gone.length > 0 ? { questions: gone.length, refused: rate(gone, (a) => a.insufficient), refusedOrMarked: rate(gone, refusedOrMarked) } : null,
      shapes,
      server: latencies(served).server,
    };
  });
  return { set: set.name, multiHop: set.multiHop, ingest: main.ingest, halves, records };
}

function record(q: OpenQuestion, kind: QuestionRecord['kind'], served: Answer | undefined, open: Answer | undefined, ranks?: { ranks: number[]; bm25Ranks: number[] }): QuestionRecord {
  return {
    id: q.id,
    kind,
    half: halfOf(q.id),
    question: q.question,
    refused: served?.insufficient ?? false,
    coverage: served?.coverage ?? 0,
    judged: open?.coverage ?? 0,
    ...(ranks ?? {}),
    top: [...new Set((open?.passages ?? []).map((p) => p.title))].slice(0, 3),
  };
}
