import type { GateModel } from './answerability';

/**
 * Fitted by `npx tsx bench/quality/fit-gate.ts` on the tuning halves of the quality sets (2,925
 * questions: answerable against near-topic, missing-answer and off-topic); rerun it after a change
 * to the signals, never edit by hand. The refusal threshold it chose is config.coverageThreshold.
 */
export const GATE_MODEL: GateModel = {
  bias: -3.38,
  weights: { window: 2.126, sentence: 1.503, joint: 1.478, absent: -1.86, maxAbsent: -0.856, adjacency: 2.576, topPair: 0.702, related: -0.077, brevity: -2.954, topical: 0.658, specific: 1.207 },
};
