/**
 * Scores ranked passages against gold. A passage is gold by its document's title (each title
 * counted once, at its best passage) or, for sets scored by answer, by holding the answer text.
 * Gated figures count a refused question as a miss, as a user sees it.
 */
import { summarize, type LatencySummary } from '../stats';
import type { Answer, RankedPassage } from './ask-questions';
import type { GoldQuestion, QualitySet } from './quality-sets';

export interface QuestionScore {
  recall5: number;
  /** Reciprocal rank of the first gold passage within the top 10. */
  mrr: number;
  /** Every gold passage in the top 10 (multi-hop: all of them). */
  allGold10: number;
  /** A gold passage among the first three cited. */
  top3: number;
}

export interface RankingScores extends QuestionScore {
  questions: number;
}

const ZERO: QuestionScore = { recall5: 0, mrr: 0, allGold10: 0, top3: 0 };
const normalise = (text: string): string => text.replace(/\s+/gu, ' ').toLowerCase();

/** 1-based rank of each gold item (0: not found), over distinct titles or over passages. */
export function goldRanks(passages: readonly RankedPassage[], question: GoldQuestion, match: QualitySet['match']): number[] {
  if (match === 'answer') {
    const answer = normalise(question.answer ?? '');
    return [passages.findIndex((p) => normalise(p.text).includes(answer)) + 1];
  }
  const titles = [...new Set(passages.map((p) => p.title))];
  return question.gold.map((g) => titles.indexOf(g) + 1);
}

export function scoreQuestion(ranks: readonly number[]): QuestionScore {
  const found = ranks.filter((r) => r > 0);
  const within = (k: number): number => found.filter((r) => r <= k).length;
  const first = Math.min(...found.filter((r) => r <= 10));
  return {
    recall5: within(5) / Math.max(1, ranks.length),
    mrr: Number.isFinite(first) ? 1 / first : 0,
    allGold10: within(10) === ranks.length ? 1 : 0,
    top3: within(3) > 0 ? 1 : 0,
  };
}

/** Mean scores; `refused[i]` turns question i into a miss. */
export function meanScores(scores: readonly QuestionScore[], refused: readonly boolean[] = []): RankingScores {
  const kept = scores.map((s, i) => (refused[i] ? ZERO : s));
  const mean = (key: keyof QuestionScore): number => kept.reduce((sum, s) => sum + s[key], 0) / Math.max(1, kept.length);
  return { questions: scores.length, recall5: mean('recall5'), mrr: mean('mrr'), allGold10: mean('allGold10'), top3: mean('top3') };
}

export function rate(answers: readonly Answer[], test: (a: Answer) => boolean): number {
  return answers.filter(test).length / Math.max(1, answers.length);
}

/** Refused, or answered with coverage below one half: the user is told the answer is doubtful. */
export const refusedOrMarked = (a: Answer): boolean => a.insufficient || a.coverage < 0.5;

export function latencies(answers: readonly Answer[]): { roundTrip: LatencySummary; server: LatencySummary } {
  return { roundTrip: summarize(answers.map((a) => a.roundTripMs)), server: summarize(answers.map((a) => a.serverMs)) };
}
