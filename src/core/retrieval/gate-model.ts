import type { GateModel } from './answerability';

/**
 * Fitted by `npx tsx bench/quality/fit-gate.ts` on the tuning halves of the quality sets (2,925
 * questions: answerable against near-topic, missing-answer and off-topic); rerun it after a change
 * to the signals, never edit by hand. The refusal threshold it chose is config.coverageThreshold.
 */
export const GATE_MODEL: GateModel = {
  bias: -3.301,
  weights: { window: 2.07, sentence: 1.265, joint: 1.12, absent: -1.768, maxAbsent: -0.721, adjacency: 2.819, topPair: 0.506, related: -0.05, brevity: -3.042, topical: 0.957, specific: 1.769 },
};
