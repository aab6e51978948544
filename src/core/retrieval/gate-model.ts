import type { GateModel } from './answerability';

/**
 * Fitted by `npx tsx bench/quality/fit-gate.ts` on the tuning halves of the quality sets (2,925
 * questions: answerable against near-topic, missing-answer and off-topic); rerun it after a change
 * to the signals, never edit by hand. The refusal threshold it chose is config.coverageThreshold.
 */
export const GATE_MODEL: GateModel = {
  bias: -3.297,
  weights: { window: 2.077, sentence: 1.259, joint: 1.122, absent: -1.763, maxAbsent: -0.731, adjacency: 2.814, topPair: 0.495, related: -0.087, brevity: -3.047, topical: 0.959, specific: 1.78 },
};
