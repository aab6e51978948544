import { entityKey } from '../extract/entity-key';
import { singularGuesses } from '../extract/plural-nouns';
import { STOPWORDS } from '../text/stopwords';

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’.&-]*/gu;
const MAX_WORDS = 5;

/**
 * Candidate entity keys named in a question: every run of one to five words that does not start
 * or end with a function word, normalised the way entity names are. The store then keeps the
 * candidates it knows, so "Who founded Apple Computer?" finds "Apple Computer" and "Apple".
 */
export function candidateEntityKeys(question: string): string[] {
  const words = [...question.matchAll(WORD)].map((m) => m[0].replace(/[.'’-]+$/u, ''));
  const keys = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    for (let n = 1; n <= MAX_WORDS && i + n <= words.length; n++) {
      const first = words[i] ?? '';
      const last = words[i + n - 1] ?? '';
      if (STOPWORDS.has(first.toLowerCase()) || STOPWORDS.has(last.toLowerCase())) continue;
      const key = entityKey(words.slice(i, i + n).join(' '));
      if (key.length >= 2) keys.add(key);
    }
  }
  return [...keys];
}

// Shorter guesses name acronyms more often than concepts ("uses" → "us").
const MIN_SINGULAR = 3;

/**
 * Concepts are stored under their singular ("steam engines" → steam engine): the question's
 * lower-case plurals, as one- and two-word keys with their last word made singular. Guesses only;
 * the caller keeps the concepts among what the store knows, never a name.
 */
export function singularConceptKeys(question: string): string[] {
  const words = [...question.matchAll(WORD)].map((m) => m[0].replace(/[.'’-]+$/u, ''));
  const keys = new Set<string>();
  words.forEach((word, i) => {
    if (word !== word.toLowerCase() || STOPWORDS.has(word)) return;
    for (const singular of singularGuesses(word)) {
      if (singular.length < MIN_SINGULAR) continue;
      keys.add(singular);
      const before = words[i - 1];
      if (before !== undefined && !STOPWORDS.has(before.toLowerCase())) keys.add(entityKey(`${before} ${singular}`));
    }
  });
  return [...keys];
}
