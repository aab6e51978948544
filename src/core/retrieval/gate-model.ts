import type { GateModel } from './answerability';

/**
 * Fitted by `npx tsx bench/quality/fit-gate.ts` on the tuning halves of the quality sets (2,925
 * questions: answerable against near-topic, missing-answer and off-topic); rerun it after a change
 * to the signals, never edit by hand. The refusal threshold it chose is config.coverageThreshold.
 */
export const GATE_MODEL: GateModel = {
  bias: -3.269,
  weights: { window: 2.035, sentence: 1.423, joint: 1.501, absent: -1.963, maxAbsent: -1.017, adjacency: 2.59, topPair: 0.707, related: -0.046, brevity: -2.91, topical: 0.64, specific: 1.201 },
};
