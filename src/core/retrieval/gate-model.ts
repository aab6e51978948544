import type { GateModel } from './answerability';

/**
 * Fitted by `npx tsx bench/quality/fit-gate.ts` on the tuning halves of five quality sets (xquad,
 * xquad-zh, xquad-long, hotpotqa and everyday; 3,972 questions: answerable against near-topic,
 * missing-answer and off-topic); rerun it after a change to the signals, never edit by hand. The
 * refusal threshold it chose is config.coverageThreshold. This one judges by words alone.
 */
export const GATE_MODEL: GateModel = {
  bias: -6.673,
  weights: { window: 1.978, sentence: 1.709, joint: 1.091, absent: -1.826, maxAbsent: -0.434, adjacency: 1.911, topPair: 0.281, related: -0.734, brevity: -2.309, topical: 0.801, specific: 1.75, names: 2.045, namedWords: 0.228, semantic: 1.74, unread: 1.086, sentenceMeaning: 0 },
};

/**
 * Fitted by the same run with the sentence encoder's closeness as one more signal; its bias moved
 * so that config.coverageThreshold holds for it as for the words-only model.
 */
export const ENCODER_GATE_MODEL: GateModel = {
  bias: -7.323,
  weights: { window: 1.787, sentence: 1.576, joint: 1.012, absent: -1.769, maxAbsent: -0.451, adjacency: 1.75, topPair: 0.207, related: -0.683, brevity: -1.907, topical: 0.594, specific: 1.885, names: 2.095, namedWords: 0.253, semantic: 1.05, unread: 1.792, sentenceMeaning: 2.402 },
};
