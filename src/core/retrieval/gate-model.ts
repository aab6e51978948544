import type { GateModel } from './answerability';

/**
 * Fitted by `npx tsx bench/quality/fit-gate.ts` on the tuning halves of four quality sets (xquad,
 * xquad-long, hotpotqa and everyday; 2,925 questions: answerable against near-topic,
 * missing-answer and off-topic); rerun it after a change to the signals, never edit by hand. The
 * refusal threshold it chose is config.coverageThreshold.
 */
export const GATE_MODEL: GateModel = {
  bias: -7.482,
  weights: { window: 1.852, sentence: 1.284, joint: 0.932, absent: -1.716, maxAbsent: -1.032, adjacency: 2.606, topPair: 0.68, related: -0.107, brevity: -2.046, topical: 0.725, specific: 1.284, names: 2.186, namedWords: 0.273, semantic: 2.962 },
};
