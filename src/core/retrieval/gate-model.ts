import type { GateModel } from './answerability';

/**
 * Fitted by `npx tsx bench/quality/fit-gate.ts` on the tuning halves of the quality sets (2,925
 * questions: answerable against near-topic, missing-answer and off-topic); rerun it after a change
 * to the signals, never edit by hand. The refusal threshold it chose is config.coverageThreshold.
 */
export const GATE_MODEL: GateModel = {
  bias: -3.318,
  weights: { window: 2.091, sentence: 1.296, joint: 1.14, absent: -1.953, maxAbsent: -0.941, adjacency: 2.572, topPair: 0.474, related: 0.129, brevity: -3.019, topical: 0.891, specific: 1.877 },
};
