import type { GateModel } from './answerability';

/**
 * Fitted by `npx tsx bench/quality/fit-gate.ts` on the tuning halves of the quality sets (2,925
 * questions: answerable against near-topic, missing-answer and off-topic); rerun it after a change
 * to the signals, never edit by hand. The refusal threshold it chose is config.coverageThreshold.
 */
export const GATE_MODEL: GateModel = {
  bias: -3.215,
  weights: { window: 2.041, sentence: 1.222, joint: 1.18, absent: -1.944, maxAbsent: -0.901, adjacency: 2.409, topPair: 0.59, related: -0.039, brevity: -3.041, topical: 0.825, specific: 1.865 },
};
