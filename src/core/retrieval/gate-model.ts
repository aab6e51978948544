import type { GateModel } from './answerability';

/**
 * Fitted by `npx tsx bench/quality/fit-gate.ts` on the tuning halves of the quality sets (2,925
 * questions: answerable against near-topic, missing-answer and off-topic); rerun it after a change
 * to the signals, never edit by hand. The refusal threshold it chose is config.coverageThreshold.
 */
export const GATE_MODEL: GateModel = {
  bias: -3.292,
  weights: { window: 2.076, sentence: 1.264, joint: 1.117, absent: -1.778, maxAbsent: -0.72, adjacency: 2.795, topPair: 0.487, related: -0.099, brevity: -3.057, topical: 0.981, specific: 1.789 },
};
