/**
 * Token budgeting for model prompts. Providers silently drop what does not fit their context
 * window, which loses the best passages first (they come first); so the prompt is fitted here,
 * whole items at a time, before it is sent.
 */

/** Tokens a model is left for its answer (and reasoning) after the prompt. */
export const ANSWER_RESERVE_TOKENS = 1024;

/**
 * A conservative token estimate without the model's tokenizer: about 3.5 characters per token
 * for Latin-script text, one token per character for CJK and other wide scripts (BPE
 * vocabularies rarely merge them), so the estimate errs on the side of fitting.
 */
export function estimateTokens(text: string): number {
  let wide = 0;
  for (const ch of text) if (ch.codePointAt(0)! > 0x2e7f) wide += 1;
  const narrow = text.length - wide;
  return Math.ceil(narrow / 3.5) + wide + 4;
}

/**
 * Keeps items in the order given (best rank first) while their total stays within `budget`
 * tokens. An item is kept whole or not at all, so no passage or fact is ever cut in the middle;
 * a lower-ranked item that still fits after a longer one was dropped is kept.
 *
 * @example
 * fitByRank(['short fact', 'a very long passage…'], estimateTokens, 10) // → ['short fact']
 */
export function fitByRank<T>(items: T[], cost: (item: T) => number, budget: number): { kept: T[]; dropped: number } {
  const kept: T[] = [];
  let left = budget;
  for (const item of items) {
    const c = cost(item);
    if (c <= left) {
      kept.push(item);
      left -= c;
    }
  }
  return { kept, dropped: items.length - kept.length };
}

/** The context window to ask for: the model's own, capped so memory use stays bounded. */
export function contextWindow(modelTokens: number, capTokens: number): number {
  return Math.max(2048, Math.min(modelTokens > 0 ? modelTokens : 2048, capTokens));
}
