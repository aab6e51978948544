import { STOPWORDS } from '../text/stopwords';

/**
 * What a person writes around a question in a chat ("Hi, quick question: …", "… Thanks!", "Can you
 * please tell me …", "… according to my notes?") says nothing about what they want found, and its
 * words would count against every passage that lacks them. Only phrases at the question's edges
 * are cut, so a question about thanks or about notes keeps its words.
 */
const EDGE_PUNCTUATION = String.raw`[\s,!.:;\-–—]`;
// As typed in a hurry ("pls tell me", "can u check") as well as in full.
const PLEASE = '(?:please|pls|plz)';
const YOU = '(?:you|u)';
const LEADING: readonly RegExp[] = [
  new RegExp(String.raw`^(?:hi|hello|hey|hiya|greetings|good (?:morning|afternoon|evening))(?: there| all| team)?\b${EDGE_PUNCTUATION}*`, 'iu'),
  new RegExp(String.raw`^(?:ok|okay|um+|uh+|hmm+)\b${EDGE_PUNCTUATION}+`, 'iu'),
  // A follow-up often thanks for the last answer first ("Thanks! And when was she born?").
  new RegExp(String.raw`^(?:thanks|thank you|thx|great|perfect|cool)(?: (?:so|very) much)?[,!.]+\s*`, 'iu'),
  new RegExp(String.raw`^(?:(?:a |one )?quick (?:question|q)|question|q|one more (?:thing|question))\s*[:,\-–—]${EDGE_PUNCTUATION}*`, 'iu'),
  // Urgency says when, not what: "URGENT: …", "need the wifi password asap".
  /^(?:urgent|important|help|asap)\s*[:!\-–—]+\s*/iu,
  /^(?:i )?need(?: to know)?\s+(?=(?:the|a|an|my|our|your)\b)/iu,
  // An email's subject line: "Re: deposit - …".
  /^(?:re|fwd?|fw)\s*:\s*/iu,
  // A claim to be checked: "is it true that uber is reimbursed?"
  /^(?:is it (?:true|right|correct|the case) that|am i right (?:that|in thinking(?: that)?))\s+/iu,
  new RegExp(
    String.raw`^(?:(?:can|could|would|will) ${YOU} (?:${PLEASE} |kindly )?(?:tell me|let me know|find out|look up|check|remind me)|${PLEASE} (?:tell me|let me know|find out)|(?:do ${YOU}|does anyone) (?:happen to )?know|i(?:'m| am| was) (?:wondering|curious)|i(?:'d| would) like to know|i want to know|tell me)\b${EDGE_PUNCTUATION}*`,
    'iu',
  ),
  new RegExp(String.raw`^${PLEASE}\s+`, 'iu'),
  // A search box's requests: "find the deposit clause", "info on the deposit".
  new RegExp(String.raw`^(?:find|show me|give me|get me|look up|search for|(?:any )?info(?:rmation)? (?:on|about)|(?:is there )?anything (?:on|about))\b${EDGE_PUNCTUATION}+`, 'iu'),
  // A request for a summary names the task, not the subject: "tl;dr of the paper", "summarise chapter 4".
  new RegExp(
    String.raw`^(?:(?:(?:give|write) me |can i (?:get|have) )?(?:a |an |the )?(?:short |quick |brief )?(?:summary|overview|recap|gist) (?:of|on|for)|(?:tl;? ?dr|eli5)(?: (?:of|on|for))?|summari[sz]e|sum up|(?:the )?(?:key|main) points (?:of|in|from))\b${EDGE_PUNCTUATION}*`,
    'iu',
  ),
  // A filler before the question's own first word ("like when do I …").
  /^(?:so\s+)?like[\s,]+(?=(?:what|when|where|who|whom|whose|why|which|how|is|are|was|were|do|does|did|can|could|should|would|will|i)\b)/iu,
];
const TRAILING: readonly RegExp[] = [
  new RegExp(String.raw`${EDGE_PUNCTUATION}*\b(?:thanks|thank you|thx|cheers|many thanks|much appreciated)(?: (?:so|very) much| a (?:lot|bunch|million))?(?: in advance)?[\s.!]*$`, 'iu'),
  new RegExp(String.raw`[\s,]+${PLEASE}(?=[\s.!?]*$)`, 'iu'),
  /[\s,]+(?:asap|a\.s\.a\.p\.?|urgently)(?=[\s.!?]*$)/iu,
  // A tag asking to confirm: "…, is that right?", "…, right?"
  /,\s*(?:is (?:that|this|it) (?:right|true|correct)|right|correct)(?=[\s?]*$)/iu,
  /[\s,]+(?:lol|haha+|lmao|xd|:-?\)|;-?\))(?=[\s.!?]*$)/iu,
  /[\s,]+(?:according to|based on) (?:my|the|our) (?:documents|docs|notes|files|records|knowledge base)(?=[\s.!?]*$)/iu,
];

/**
 * Words that only make a chat message polite or casual. A stretch of them and of function words,
 * set off before the question ("Sorry if this is obvious, but …", "Quick one - …") or after its
 * question mark ("… ? Thanks a lot!", "(asking for a friend)", "… ? I can't find it anywhere."),
 * says nothing about what is asked.
 */
const COURTESY: ReadonlySet<string> = new Set(
  "hi hello hey hiya there team all everyone folks guys morning afternoon evening good ok okay so well quick question one sorry obvious silly dumb stupid wondering curious need know ask asking help thanks thank thx ty tia cheers lot bunch million much appreciated appreciate advance please pls plz friend anyway anyways btw find anywhere everywhere looked searched can't can’t".split(' '),
);
/** A lead-in set off from the rest by a colon, a full stop, a dash or a comma (", but"). */
const LEAD_IN = /^(.+?)(?:[:.!]|\s+[-–—]+|,(?:\s*but\b)?)\s+(?=\S)/u;
const AFTER_QUESTION = /\?([^?]+)$/u;
/** An aside in brackets at the end, with or without a question mark before it. */
const CLOSING_ASIDE = /\s*\(([^()]*)\)[\s.!]*$/u;

/** Courtesy words and function words only, at least one of them courtesy ("what does" is the question's own start). */
function isCourtesy(text: string): boolean {
  const words = text.toLowerCase().match(/[\p{L}\p{N}'’]+/gu) ?? [];
  return words.some((w) => COURTESY.has(w)) && words.every((w) => COURTESY.has(w) || STOPWORDS.has(w));
}

/** The question without lead-ins and afterthoughts of courtesy words only. */
function withoutAsides(text: string): string {
  let rest = text;
  for (let lead = LEAD_IN.exec(rest); lead && isCourtesy(lead[1] ?? ''); lead = LEAD_IN.exec(rest)) rest = rest.slice(lead[0].length);
  const aside = CLOSING_ASIDE.exec(rest);
  if (aside && aside.index > 0 && isCourtesy(aside[1] ?? '')) rest = rest.slice(0, aside.index);
  const tail = AFTER_QUESTION.exec(rest);
  return tail && isCourtesy(tail[1] ?? '') ? rest.slice(0, tail.index + 1) : rest;
}

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
  return withoutAsides(cut(cut(question, LEADING), TRAILING));
}
