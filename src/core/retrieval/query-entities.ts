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
      // Concepts are stored under their singular ("engines" → engine); names keep their form.
      if (last === last.toLowerCase() && key.endsWith(last)) {
        for (const singular of singularGuesses(last)) keys.add(key.slice(0, key.length - last.length) + singular);
      }
    }
  }
  return [...keys];
}
