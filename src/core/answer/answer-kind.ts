import { MONTH_NAMES } from '../extract/word-lists';

/** What kind of answer a question asks for, where its words say so: an amount, or a time. */
export type AnswerKind = 'amount' | 'time';

const AMOUNT = /\bhow\s+(?:many|much|long|far|old|big|large|small|tall|high|deep|wide|heavy|fast|often|soon)\b|\bwhat\s+(?:percentage|percent|share|proportion|number|amount|size|speed|price|cost|fee|rate)\b|\bwhat\s+(?:is|was|are|were)\s+the\s+(?:percentage|number|amount|size|price|cost|fee|rate)\b/iu;
// Plural too: "which days", "what years".
const TIME = /\bwhen\b|\bwhat\s+(?:years?|dates?|days?|months?|times?|centur(?:y|ies)|decades?)\b|\bwhich\s+(?:years?|dates?|days?|months?|centur(?:y|ies)|decades?)\b|\bhow\s+long\s+ago\b/iu;

const NUMBER_WORDS = 'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|dozen|half|twice|once|single|double|triple';
const HOLDS_AMOUNT = new RegExp(String.raw`\d|\b(?:${NUMBER_WORDS})\b`, 'iu');
// Weekdays in the plural too: "on Tuesdays and Thursdays".
const HOLDS_TIME = new RegExp(String.raw`\d|\b(?:${MONTH_NAMES.join('|')}|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|yesterday|today|tomorrow|weeks?|months?|years?|days?|centur(?:y|ies))\b`, 'iu');

/** The kind of answer the question asks for, or null when its words do not say. */
export function answerKind(question: string): AnswerKind | null {
  if (TIME.test(question)) return 'time';
  if (AMOUNT.test(question)) return 'amount';
  return null;
}

/** Whether a sentence holds an answer of that kind: a number (in figures or words), or a time. */
export function holdsKind(sentence: string, kind: AnswerKind): boolean {
  return (kind === 'time' ? HOLDS_TIME : HOLDS_AMOUNT).test(sentence);
}
