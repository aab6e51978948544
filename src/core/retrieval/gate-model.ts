import type { GateModel } from './answerability';

/**
 * Fitted by `npx tsx bench/quality/fit-gate.ts` on the tuning halves of five quality sets (xquad,
 * xquad-zh, xquad-long, hotpotqa and everyday; 3,972 questions: answerable against near-topic,
 * missing-answer and off-topic); rerun it after a change to the signals, never edit by hand. The
 * refusal threshold it chose is config.coverageThreshold. This one judges by words alone.
 */
export const GATE_MODEL: GateModel = {
  bias: -6.666,
  weights: { window: 1.984, sentence: 1.713, joint: 1.06, absent: -1.831, maxAbsent: -0.436, adjacency: 1.914, topPair: 0.282, related: -0.728, brevity: -2.311, topical: 0.806, specific: 1.754, names: 2.045, namedWords: 0.23, semantic: 1.746, unread: 1.086, sentenceMeaning: 0 },
};

/**
 * Fitted by the same run with the sentence encoder's closeness as one more signal; its bias moved
 * so that config.coverageThreshold holds for it as for the words-only model.
 */
export const ENCODER_GATE_MODEL: GateModel = {
  bias: -7.319,
  weights: { window: 1.799, sentence: 1.582, joint: 0.981, absent: -1.763, maxAbsent: -0.455, adjacency: 1.759, topPair: 0.222, related: -0.677, brevity: -1.872, topical: 0.547, specific: 1.845, names: 2.078, namedWords: 0.236, semantic: 0.99, unread: 1.883, sentenceMeaning: 2.521 },
};
