import type { GateModel } from './answerability';

/**
 * Fitted by `npx tsx bench/quality/fit-gate.ts` on the tuning halves of the quality sets (2,925
 * questions: answerable against near-topic, missing-answer and off-topic); rerun it after a change
 * to the signals, never edit by hand. The refusal threshold it chose is config.coverageThreshold.
 */
export const GATE_MODEL: GateModel = {
  bias: -3.445,
  weights: { window: 2.116, sentence: 1.482, joint: 1.594, absent: -1.842, maxAbsent: -0.826, adjacency: 2.563, topPair: 0.703, related: -0.06, brevity: -2.964, topical: 0.657, specific: 1.18 },
};
