import type { GateModel } from './answerability';

/**
 * Fitted by `npx tsx bench/quality/fit-gate.ts` on the tuning halves of five quality sets (xquad,
 * xquad-zh, xquad-long, hotpotqa and everyday; 3,972 questions: answerable against near-topic,
 * missing-answer and off-topic); rerun it after a change to the signals, never edit by hand. The
 * refusal threshold it chose is config.coverageThreshold. This one judges by words alone.
 */
export const GATE_MODEL: GateModel = {
  bias: -6.761,
  weights: { window: 2.124, sentence: 1.753, joint: 0.971, absent: -1.757, maxAbsent: -0.536, adjacency: 2.16, topPair: 0.411, related: -0.375, brevity: -2.416, topical: 0.84, specific: 1.599, names: 1.999, namedWords: 0.191, semantic: 1.617, unread: 1.272, sentenceMeaning: 0 },
};

/**
 * Fitted by the same run with the sentence encoder's closeness as one more signal; its bias moved
 * so that config.coverageThreshold holds for it as for the words-only model.
 */
export const ENCODER_GATE_MODEL: GateModel = {
  bias: -7.464,
  weights: { window: 1.867, sentence: 1.586, joint: 0.866, absent: -1.687, maxAbsent: -0.533, adjacency: 1.95, topPair: 0.326, related: -0.291, brevity: -1.88, topical: 0.544, specific: 1.729, names: 2.06, namedWords: 0.21, semantic: 0.918, unread: 2.12, sentenceMeaning: 2.717 },
};
