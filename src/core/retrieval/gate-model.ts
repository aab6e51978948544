import type { GateModel } from './answerability';

/**
 * Fitted by `npx tsx bench/quality/fit-gate.ts` on the tuning halves of the quality sets (3,228
 * questions: answerable against near-topic, missing-answer and off-topic); rerun it after a change
 * to the signals, never edit by hand. The refusal threshold it chose is config.coverageThreshold.
 */
export const GATE_MODEL: GateModel = {
  bias: -5.179,
  weights: { window: 2.094, sentence: 1.728, joint: 1.102, absent: -1.807, maxAbsent: -1.013, adjacency: 2.766, topPair: 0.609, related: -0.185, brevity: -3.211, topical: 0.573, specific: 0.754, names: 2.051, namedWords: 0.34 },
};
