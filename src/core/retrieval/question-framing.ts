/**
 * What a person writes around a question in a chat ("Hi, quick question: …", "… Thanks!", "Can you
 * please tell me …", "… according to my notes?") says nothing about what they want found, and its
 * words would count against every passage that lacks them. Only phrases at the question's edges
 * are cut, so a question about thanks or about notes keeps its words.
 */
const EDGE_PUNCTUATION = String.raw`[\s,!.:;\-–—]`;
const LEADING: readonly RegExp[] = [
  new RegExp(String.raw`^(?:hi|hello|hey|hiya|greetings|good (?:morning|afternoon|evening))(?: there| all| team)?\b${EDGE_PUNCTUATION}*`, 'iu'),
  new RegExp(String.raw`^(?:ok|okay|um+|uh+|hmm+)\b${EDGE_PUNCTUATION}+`, 'iu'),
  // A follow-up often thanks for the last answer first ("Thanks! And when was she born?").
  new RegExp(String.raw`^(?:thanks|thank you|thx|great|perfect|cool)(?: (?:so|very) much)?[,!.]+\s*`, 'iu'),
  new RegExp(String.raw`^(?:(?:a |one )?quick question|question|one more (?:thing|question))\s*[:,\-–—]${EDGE_PUNCTUATION}*`, 'iu'),
  new RegExp(
    String.raw`^(?:(?:can|could|would|will) you (?:please |kindly )?(?:tell me|let me know|find out|look up|check|remind me)|please (?:tell me|let me know|find out)|(?:do you|does anyone) (?:happen to )?know|i(?:'m| am| was) (?:wondering|curious)|i(?:'d| would) like to know|i want to know|tell me)\b${EDGE_PUNCTUATION}*`,
    'iu',
  ),
  /^please\s+/iu,
];
const TRAILING: readonly RegExp[] = [
  new RegExp(String.raw`${EDGE_PUNCTUATION}*\b(?:thanks|thank you|thx|cheers|many thanks|much appreciated)(?: (?:so|very) much)?(?: in advance)?[\s.!]*$`, 'iu'),
  /[\s,]+(?:please|pls)(?=[\s.!?]*$)/iu,
  /[\s,]+(?:according to|based on) (?:my|the|our) (?:documents|docs|notes|files|records|knowledge base)(?=[\s.!?]*$)/iu,
];

function cut(text: string, patterns: readonly RegExp[]): string {
  let rest = text.trim();
  for (let changed = true; changed; ) {
    changed = false;
    for (const pattern of patterns) {
      const next = rest.replace(pattern, '').trim();
      if (next !== rest && next.length > 0) {
        rest = next;
        changed = true;
      }
    }
  }
  return rest;
}

/** The question without the greetings, requests and thanks around it; the question itself if nothing else is left. */
export function withoutFraming(question: string): string {
  return cut(cut(question, LEADING), TRAILING);
}
