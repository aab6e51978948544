import type { GateModel } from './answerability';

/**
 * Fitted by `npx tsx bench/quality/fit-gate.ts` on the tuning halves of five quality sets (xquad,
 * xquad-zh, xquad-long, hotpotqa and everyday; 3,972 questions: answerable against near-topic,
 * missing-answer and off-topic); rerun it after a change to the signals, never edit by hand. The
 * refusal threshold it chose is config.coverageThreshold.
 */
export const GATE_MODEL: GateModel = {
  bias: -6.923,
  weights: { window: 2.093, sentence: 1.753, joint: 0.833, absent: -1.806, maxAbsent: -0.399, adjacency: 2.315, topPair: 0.444, related: -0.41, brevity: -2.538, topical: 0.775, specific: 1.559, names: 1.988, namedWords: 0.413, semantic: 1.735, unread: 1.317 },
};
