import { SIGNAL_NAMES, type AnswerSignals } from './answer-signals';

/** A logistic model over the answer signals: its weights are fitted, never set by hand. */
export interface GateModel {
  bias: number;
  weights: Record<keyof AnswerSignals, number>;
}

/**
 * How likely the passages answer the question, 0..1 (reported as `metadata.coverage`): the
 * fitted model's probability. Below one half the answer is doubtful; only far below is the
 * question refused, since a wrong refusal costs the user more than a weak answer.
 */
export function answerability(signals: AnswerSignals, model: GateModel): number {
  const z = SIGNAL_NAMES.reduce((sum, name) => sum + model.weights[name] * signals[name], model.bias);
  return 1 / (1 + Math.exp(-z));
}
