import type { GateModel } from './answerability';

/**
 * Fitted by `npx tsx bench/quality/fit-gate.ts` on the tuning halves of four quality sets (xquad,
 * xquad-long, hotpotqa and everyday; 2,925 questions: answerable against near-topic,
 * missing-answer and off-topic); rerun it after a change to the signals, never edit by hand. The
 * refusal threshold it chose is config.coverageThreshold.
 */
export const GATE_MODEL: GateModel = {
  bias: -5.242,
  weights: { window: 2.025, sentence: 1.378, joint: 1.001, absent: -1.984, maxAbsent: -1.053, adjacency: 2.76, topPair: 0.748, related: -0.062, brevity: -3.005, topical: 0.603, specific: 1.246, names: 2.131, namedWords: 0.364 },
};
