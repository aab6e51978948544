import type { GateModel } from './answerability';

/**
 * Fitted by `npx tsx bench/quality/fit-gate.ts` on the tuning halves of the quality sets (2,925
 * questions: answerable against near-topic, missing-answer and off-topic); rerun it after a change
 * to the signals, never edit by hand. The refusal threshold it chose is config.coverageThreshold.
 */
export const GATE_MODEL: GateModel = {
  bias: -3.4,
  weights: { window: 2.046, sentence: 1.197, joint: 1.441, absent: -1.89, maxAbsent: -0.885, adjacency: 2.591, topPair: 0.568, related: 0.133, brevity: -2.933, topical: 0.735, specific: 1.684 },
};
