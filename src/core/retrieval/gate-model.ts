import type { GateModel } from './answerability';

/**
 * Fitted by `npx tsx bench/quality/fit-gate.ts` on the tuning halves of the quality sets (2,925
 * questions: answerable against near-topic, missing-answer and off-topic); rerun it after a change
 * to the signals, never edit by hand. The refusal threshold it chose is config.coverageThreshold.
 */
export const GATE_MODEL: GateModel = {
  bias: -5.255,
  weights: { window: 1.965, sentence: 1.304, joint: 1.343, absent: -1.945, maxAbsent: -1.011, adjacency: 2.75, topPair: 0.78, related: -0.038, brevity: -3.038, topical: 0.595, specific: 1.245, names: 2.311 },
};
