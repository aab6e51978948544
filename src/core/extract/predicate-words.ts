/**
 * Wording of predicates and values built from a sentence's own words:
 * "is capital of", "population", "5-time pro bowler", "wrote".
 */
import type { Unit } from './clause-units';
import type { TokenView } from './token-view';
import { IRREGULAR_PAST } from './word-lists';

// Longest noun phrase we turn into a predicate; longer ones are descriptions, not relations.
const MAX_PHRASE_WORDS = 4;

/** Content words of a noun phrase, lower-cased, for predicates like "is capital of". */
export function phraseWords(t: TokenView, u: Unit): string {
  const words: string[] = [];
  for (let i = u.first; i <= u.last; i++) {
    const tag = t.tag(i);
    if (tag === 'DET' || tag === 'PRON') continue;
    if (t.isTightHyphen(i, u.last) && words.length > 0) {
      words[words.length - 1] += `-${t.low(i + 1)}`;
      i++;
      continue;
    }
    words.push(t.low(i));
  }
  return words.slice(-MAX_PHRASE_WORDS).join(' ');
}

/** The trailing nouns of a phrase ("population", "total area" → "area"), for attribute names. */
export function nounWords(t: TokenView, u: Unit, max: number): string {
  let a = u.last;
  while (a - 1 >= u.first && a - 1 > u.last - max && t.tag(a - 1) === 'NOUN') a--;
  const words: string[] = [];
  for (let i = a; i <= u.last; i++) words.push(t.low(i));
  return words.join(' ');
}

/** Surface text of a noun phrase without its determiner ("a 5-time pro bowler" → "5-time pro bowler"). */
export function phraseText(t: TokenView, u: Unit): string {
  let a = u.first;
  const tag = t.tag(a);
  if (tag === 'DET' || tag === 'PRON') a++;
  return a <= u.last ? t.surface(a, u.last) : '';
}

/**
 * Predicate verb form, chosen so active and passive sentences agree:
 * past forms become the simple past ("written" → "wrote", "founded" stays),
 * present forms become the lemma ("works" → "work").
 */
export function verbPredicate(t: TokenView, i: number): string {
  const l = t.low(i);
  if (l === 'born') return 'born';
  if (l.endsWith('ed')) return l;
  const lemma = t.lemma(i);
  if (l !== lemma && !l.endsWith('s') && !l.endsWith('ing')) return IRREGULAR_PAST.get(lemma) ?? l;
  return lemma;
}
