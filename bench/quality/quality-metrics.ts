/**
 * Scores ranked answers against gold documents. Ranking figures come from a server whose coverage
 * gate is off (a refused question returns no passages, which would hide where its gold ranked);
 * the gated figures count every question the default server refused as a miss, as a user sees it.
 */
import { summarize, type LatencySummary } from '../stats';
import type { Answer } from './ask-questions';

export interface RankingScores {
  questions: number;
  /** Share of gold documents in the top 5 / top 10, averaged over questions. */
  recall5: number;
  recall10: number;
  /** Mean reciprocal rank of the first gold document within the top 10. */
  mrr: number;
  /** Questions with every gold document in the top 10 (HotpotQA: both paragraphs). */
  allGold10: number;
  /** The same with refused questions counted as misses. */
  gated: { recall5: number; mrr: number; allGold10: number };
  /** Answerable questions refused for insufficient coverage by the default server. */
  insufficientRate: number;
  roundTrip: LatencySummary;
  server: LatencySummary;
}

interface QuestionScore {
  recall5: number;
  recall10: number;
  mrr: number;
  allGold10: number;
}

/** `ranked`: answers of the gate-off server; `served`: the same questions from the default server. */
export function scoreRanking(ranked: readonly Answer[], served: readonly Answer[], gold: readonly (readonly string[])[]): RankingScores {
  if (ranked.length !== gold.length || served.length !== gold.length) throw new Error(`${ranked.length} and ${served.length} answers for ${gold.length} questions`);
  const scores = ranked.map((answer, i) => scoreQuestion(answer.titles, gold[i] ?? []));
  const gatedScores = scores.filter((_, i) => !served[i]?.insufficient);
  const mean = (list: readonly QuestionScore[], key: keyof QuestionScore): number => list.reduce((sum, s) => sum + s[key], 0) / Math.max(1, gold.length);
  return {
    questions: gold.length,
    recall5: mean(scores, 'recall5'),
    recall10: mean(scores, 'recall10'),
    mrr: mean(scores, 'mrr'),
    allGold10: mean(scores, 'allGold10'),
    gated: { recall5: mean(gatedScores, 'recall5'), mrr: mean(gatedScores, 'mrr'), allGold10: mean(gatedScores, 'allGold10') },
    insufficientRate: insufficientRate(served),
    ...latencies(served),
  };
}

function scoreQuestion(titles: readonly string[], gold: readonly string[]): QuestionScore {
  const ranks = gold.map((title) => titles.indexOf(title) + 1).filter((rank) => rank > 0);
  const within = (k: number): number => ranks.filter((rank) => rank <= k).length;
  const first = Math.min(...ranks.filter((rank) => rank <= 10));
  return {
    recall5: within(5) / Math.max(1, gold.length),
    recall10: within(10) / Math.max(1, gold.length),
    mrr: Number.isFinite(first) ? 1 / first : 0,
    allGold10: within(10) === gold.length ? 1 : 0,
  };
}

export function insufficientRate(answers: readonly Answer[]): number {
  return answers.filter((a) => a.insufficient).length / Math.max(1, answers.length);
}

export function latencies(answers: readonly Answer[]): { roundTrip: LatencySummary; server: LatencySummary } {
  return { roundTrip: summarize(answers.map((a) => a.roundTripMs)), server: summarize(answers.map((a) => a.serverMs)) };
}
