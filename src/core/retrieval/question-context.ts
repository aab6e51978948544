import { uniqueTerms } from '../text/analyze';

/**
 * People often say why they ask before or after the question itself ("I'm putting together a
 * summary for my boss. How high should the saddle be?"). Such a sentence can hold what the
 * question is about ("We just had a baby. How long do I have to add her?"), so its words stay in
 * the search, but they must not outweigh the question's own: "summary" would rank every document
 * titled "Summary of …" first, and "boss", which no document holds, would count against them all.
 */

// A cut after . ! or ? (maybe closing a quote or bracket) and white space, or a line break; not
// after an initial or a short abbreviation ("Fielding H. Garrison", "Damage, Inc. Tour").
const SENTENCE_BREAK = /(?<![\s.(]\p{Lu}\.|\b(?:Inc|Ltd|Co|Corp|Dr|Mr|Mrs|Ms|St|Jr|Sr|Mt|No|vs|etc|e\.g|i\.e)\.)(?<=[.!?]["'”’)\]]?)\s+|\n+/u;
const ASKS = /\?["'”’)\]]?\s*$/u;
// A sentence that starts as a question or a request ("How high…", "Is it…", "Tell me…") asks even without "?".
const ASKING_START =
  /^(?:what|when|where|who|whom|whose|which|why|how|is|are|was|were|am|do|does|did|can|could|should|would|will|shall|may|might|must|has|have|had|isn't|aren't|wasn't|don't|doesn't|didn't|can't|couldn't|shouldn't|won't|tell|explain|list|show|give|describe|name)\b/iu;
/**
 * A question that points back at what was said is about it: a person or thing named before
 * ("add her to my insurance", "Is that on me?", "Which guitarist of that band…?"), or a comparison
 * ("Does Puneet Sira also have one?").
 */
const POINTS_BACK = [
  /\b(?:he|she|it|they|him|her|his|hers|its|them|their|theirs|this|that|these|those)\b/iu,
  /\b(?:also|too|either|neither|both)\b/iu,
];
/** A question sentence with fewer terms than this leans on its context ("Any idea why?"): nothing is background then. */
const MIN_ASKED_TERMS = 2;

function pointsBack(sentence: string): boolean {
  return POINTS_BACK.some((p) => p.test(sentence));
}

function asks(sentence: string): boolean {
  return ASKS.test(sentence) || ASKING_START.test(sentence);
}

/**
 * The terms only the question's statements hold, when it has both statements and a sentence that
 * asks with words of its own; otherwise none. The sentences a question may point at are no
 * background: the one just before it (and the one before that, if it points back in turn: "Glider
 * was created by two members of a rock band. Which guitarist of that band …?") and the one just
 * after it ("How do I reset it? The oven shows E2."); a statement further away is.
 */
export function backgroundTerms(question: string): Set<string> {
  const sentences = question
    .split(SENTENCE_BREAK)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  const asking = sentences.filter(asks);
  if (asking.length === 0 || asking.length === sentences.length) return new Set();
  const kept = new Set(asking);
  sentences.forEach((sentence, i) => {
    if (!asks(sentence) || !pointsBack(sentence)) return;
    // "How do I reset it? The oven shows E2." points at what follows.
    if (i + 1 < sentences.length) kept.add(sentences[i + 1] ?? '');
    for (let at = i; at > 0 && pointsBack(sentences[at] ?? ''); at--) kept.add(sentences[at - 1] ?? '');
  });
  const asked = new Set(sentences.filter((s) => kept.has(s)).flatMap(uniqueTerms));
  if (new Set(asking.flatMap(uniqueTerms)).size < MIN_ASKED_TERMS) return new Set();
  return new Set(
    sentences
      .filter((s) => !kept.has(s))
      .flatMap(uniqueTerms)
      .filter((t) => !asked.has(t)),
  );
}
