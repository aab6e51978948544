import type { GateModel } from './answerability';

/** Fitted by bench/quality/fit-gate.ts on the tuning halves of the quality sets; rerun it, never edit by hand. */
export const GATE_MODEL: GateModel = {
  bias: -6,
  weights: { window: 8, sentence: 2, joint: 1, absent: -2, maxAbsent: -1, adjacency: 1, topPair: 1, related: -1, brevity: -1, topical: 1 },
};
