/**
 * The questions behind the rates, for whoever tunes retrieval: written to quality.json only
 * (not printed), so a change can be checked question by question.
 */
import type { Answer } from './ask-questions';
import type { GoldQuestion } from './quality-sets';

export interface RunDetails {
  /** Off-topic questions the default server answered instead of refusing. */
  offTopicAnswered: string[];
  /** Answerable questions the default server refused. */
  answerableRefused: string[];
  /** Questions whose gold documents were not all in the top 10 (gate off), with what ranked instead. */
  goldMissed: { question: string; gold: string[]; top5: string[] }[];
}

export function runDetails(questions: readonly GoldQuestion[], ranked: readonly Answer[], served: readonly Answer[], offTopic: readonly string[], offServed: readonly Answer[]): RunDetails {
  return {
    offTopicAnswered: offTopic.filter((_, i) => offServed[i]?.insufficient === false),
    answerableRefused: questions.filter((_, i) => served[i]?.insufficient === true).map((q) => q.question),
    goldMissed: questions.flatMap((q, i) => {
      const titles = ranked[i]?.titles ?? [];
      return q.gold.every((g) => titles.slice(0, 10).includes(g)) ? [] : [{ question: q.question, gold: q.gold, top5: titles.slice(0, 5) }];
    }),
  };
}
