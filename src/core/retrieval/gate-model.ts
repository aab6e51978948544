import type { GateModel } from './answerability';

/**
 * Fitted by `npx tsx bench/quality/fit-gate.ts` on the tuning halves of the quality sets (2,925
 * questions: answerable against near-topic, missing-answer and off-topic); rerun it after a change
 * to the signals, never edit by hand. The refusal threshold it chose is config.coverageThreshold.
 */
export const GATE_MODEL: GateModel = {
  bias: -3.393,
  weights: { window: 2.192, sentence: 1.329, joint: 1.414, absent: -1.855, maxAbsent: -0.863, adjacency: 2.656, topPair: 0.664, related: -0.102, brevity: -2.908, topical: 0.655, specific: 1.398 },
};
