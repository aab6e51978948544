import type { GateModel } from './answerability';

/**
 * Fitted by `npx tsx bench/quality/fit-gate.ts` on the tuning halves of the quality sets (2,925
 * questions: answerable against near-topic, missing-answer and off-topic); rerun it after a change
 * to the signals, never edit by hand. The refusal threshold it chose is config.coverageThreshold.
 */
export const GATE_MODEL: GateModel = {
  bias: -3.302,
  weights: { window: 2.075, sentence: 1.27, joint: 1.115, absent: -1.761, maxAbsent: -0.724, adjacency: 2.822, topPair: 0.507, related: -0.052, brevity: -3.04, topical: 0.953, specific: 1.764 },
};
