import type { GateModel } from './answerability';

/**
 * Fitted by `npx tsx bench/quality/fit-gate.ts` on the tuning halves of four quality sets (xquad,
 * xquad-long, hotpotqa and everyday; 2,925 questions: answerable against near-topic,
 * missing-answer and off-topic); rerun it after a change to the signals, never edit by hand. The
 * refusal threshold it chose is config.coverageThreshold.
 */
export const GATE_MODEL: GateModel = {
  bias: -7.457,
  weights: { window: 1.865, sentence: 1.317, joint: 0.92, absent: -1.738, maxAbsent: -0.977, adjacency: 2.588, topPair: 0.674, related: -0.14, brevity: -2.079, topical: 0.733, specific: 1.276, names: 2.183, namedWords: 0.275, semantic: 2.927 },
};
