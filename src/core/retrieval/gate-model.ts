import type { GateModel } from './answerability';

/**
 * Fitted by `npx tsx bench/quality/fit-gate.ts` on the tuning halves of five quality sets (xquad,
 * xquad-zh, xquad-long, hotpotqa and everyday; 3,972 questions: answerable against near-topic,
 * missing-answer and off-topic); rerun it after a change to the signals, never edit by hand. The
 * refusal threshold it chose is config.coverageThreshold. This one judges by words alone.
 */
export const GATE_MODEL: GateModel = {
  bias: -6.675,
  weights: { window: 2.066, sentence: 1.775, joint: 1.11, absent: -1.868, maxAbsent: -0.432, adjacency: 1.964, topPair: 0.293, related: -0.772, brevity: -2.387, topical: 0.897, specific: 1.724, names: 1.998, namedWords: 0.202, semantic: 1.483, unread: 1.01, sentenceMeaning: 0 },
};

/**
 * Fitted by the same run with the sentence encoder's closeness as one more signal; its bias moved
 * so that config.coverageThreshold holds for it as for the words-only model.
 */
export const ENCODER_GATE_MODEL: GateModel = {
  bias: -7.383,
  weights: { window: 1.829, sentence: 1.606, joint: 1.007, absent: -1.78, maxAbsent: -0.448, adjacency: 1.776, topPair: 0.223, related: -0.707, brevity: -1.884, topical: 0.59, specific: 1.832, names: 2.054, namedWords: 0.218, semantic: 0.822, unread: 1.882, sentenceMeaning: 2.647 },
};
