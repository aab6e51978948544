/** "How many" and "how much" ask for an amount, as "what" asks for a thing. */
const AMOUNT_ASK = /\b(how)\s+(?:many|much)\b/giu;

/**
 * The question without the words that ask for an amount: the passage that answers gives the
 * number ("30 days of versions"), seldom the word "many", so searching for it finds a town
 * called Many and counts against the passage that answers.
 */
export function withoutAmountWords(question: string): string {
  return question.replace(AMOUNT_ASK, '$1');
}
