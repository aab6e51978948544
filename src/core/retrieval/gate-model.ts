import type { GateModel } from './answerability';

/**
 * Fitted by `npx tsx bench/quality/fit-gate.ts` on the tuning halves of the quality sets (2,925
 * questions: answerable against near-topic, missing-answer and off-topic); rerun it after a change
 * to the signals, never edit by hand. The refusal threshold it chose is config.coverageThreshold.
 */
export const GATE_MODEL: GateModel = {
  bias: -4.963,
  weights: { window: 2.044, sentence: 1.371, joint: 1.082, absent: -1.983, maxAbsent: -1.043, adjacency: 2.758, topPair: 0.762, related: -0.056, brevity: -3.015, topical: 0.591, specific: 1.244, names: 2.125 },
};
