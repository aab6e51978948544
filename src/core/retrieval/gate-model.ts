import type { GateModel } from './answerability';

/**
 * Fitted by `npx tsx bench/quality/fit-gate.ts` on the tuning halves of five quality sets (xquad,
 * xquad-zh, xquad-long, hotpotqa and everyday; 3,972 questions: answerable against near-topic,
 * missing-answer and off-topic); rerun it after a change to the signals, never edit by hand. The
 * refusal threshold it chose is config.coverageThreshold.
 */
export const GATE_MODEL: GateModel = {
  bias: -6.851,
  weights: { window: 2.091, sentence: 1.745, joint: 0.799, absent: -1.828, maxAbsent: -0.431, adjacency: 2.321, topPair: 0.438, related: -0.409, brevity: -2.535, topical: 0.779, specific: 1.554, names: 1.981, namedWords: 0.398, semantic: 1.725, unread: 1.314 },
};
