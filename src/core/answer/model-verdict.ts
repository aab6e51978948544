/**
 * A model that finds no answer in the sources is told to say so in one fixed sentence; that
 * verdict is the model's own coverage judgement, and the response reports it as insufficient
 * coverage instead of passing the sentence off as an answer.
 */
export const NO_ANSWER_SENTENCE = 'The documents do not say.';

const VERDICT = 'the documents do not say';
/** Longer than the sentence with a citation or two: anything longer is an answer that hedges. */
const MAX_VERDICT_CHARS = 80;

const plain = (text: string): string => text.toLowerCase().replace(/\[[^\]]*\]/gu, '').replace(/[^a-z ]+/gu, ' ').replace(/\s+/gu, ' ').trim();

/** Whether a whole answer is the no-answer verdict. */
export function saysNoAnswer(answer: string): boolean {
  return answer.trim().length <= MAX_VERDICT_CHARS && plain(answer).startsWith(VERDICT);
}

/** Whether a streamed answer so far could still turn out to be the verdict (so it is held back). */
export function mayBeNoAnswer(prefix: string): boolean {
  const text = plain(prefix);
  return prefix.trim().length <= MAX_VERDICT_CHARS && (VERDICT.startsWith(text) || text.startsWith(VERDICT));
}
