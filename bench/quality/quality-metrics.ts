/**
 * Scores ranked answers against gold documents. A question refused for insufficient coverage
 * returns no passages through the API, so it counts as a miss at every depth.
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
  /** Answerable questions refused for insufficient coverage. */
  insufficientRate: number;
  roundTrip: LatencySummary;
  server: LatencySummary;
}

export function scoreRanking(answers: readonly Answer[], gold: readonly (readonly string[])[]): RankingScores {
  if (answers.length !== gold.length) throw new Error(`${answers.length} answers for ${gold.length} questions`);
  let recall5 = 0;
  let recall10 = 0;
  let mrr = 0;
  let allGold10 = 0;
  answers.forEach((answer, i) => {
    const wanted = gold[i] ?? [];
    const ranks = wanted.map((title) => answer.titles.indexOf(title) + 1).filter((rank) => rank > 0);
    const within = (k: number): number => ranks.filter((rank) => rank <= k).length;
    recall5 += within(5) / wanted.length;
    recall10 += within(10) / wanted.length;
    const first = Math.min(...ranks.filter((rank) => rank <= 10));
    mrr += Number.isFinite(first) ? 1 / first : 0;
    if (within(10) === wanted.length) allGold10++;
  });
  const n = Math.max(1, answers.length);
  return {
    questions: answers.length,
    recall5: recall5 / n,
    recall10: recall10 / n,
    mrr: mrr / n,
    allGold10: allGold10 / n,
    insufficientRate: insufficientRate(answers),
    ...latencies(answers),
  };
}

export function insufficientRate(answers: readonly Answer[]): number {
  return answers.filter((a) => a.insufficient).length / Math.max(1, answers.length);
}

export function latencies(answers: readonly Answer[]): { roundTrip: LatencySummary; server: LatencySummary } {
  return { roundTrip: summarize(answers.map((a) => a.roundTripMs)), server: summarize(answers.map((a) => a.serverMs)) };
}
