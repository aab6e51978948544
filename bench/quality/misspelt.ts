/**
 * Questions as typed in a hurry: one slip in the middle of the question's longest plain word, of
 * one of the four commonest kinds, picked by a hash of the question's id: two neighbouring letters
 * swapped ("vactaion"), a letter dropped ("vacaion"), a letter doubled ("vacattion"), or a letter
 * replaced by its neighbour on the keyboard ("vacatuon"). Asked beside the questions as written,
 * so a ranking or a refusal that holds only for clean spelling shows.
 */
import { fnv1a } from './halves';

const SLIPPABLE = /^[a-z]{6,}$/u;
const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/** The key to the right of a letter on its row (to the left at the row's end). */
function neighbourKey(letter: string): string {
  const row = KEYBOARD_ROWS.find((r) => r.includes(letter)) ?? '';
  const at = row.indexOf(letter);
  return row[at + 1] ?? row[at - 1] ?? letter;
}

const SLIPS: readonly ((word: string, k: number) => string)[] = [
  (w, k) => `${w.slice(0, k - 1)}${w[k] ?? ''}${w[k - 1] ?? ''}${w.slice(k + 1)}`,
  (w, k) => `${w.slice(0, k)}${w.slice(k + 1)}`,
  (w, k) => `${w.slice(0, k + 1)}${w.slice(k)}`,
  (w, k) => `${w.slice(0, k)}${neighbourKey(w[k] ?? '')}${w.slice(k + 1)}`,
];

/** The question with one slip, or null when it has no plain lower-case word of six letters or more. */
export function misspell(question: { id: string; question: string }): string | null {
  const words = question.question.split(' ');
  let at = -1;
  words.forEach((w, i) => {
    if (SLIPPABLE.test(w) && (at < 0 || w.length > (words[at]?.length ?? 0))) at = i;
  });
  const word = words[at];
  // Hashed apart from the halves (halves.ts hashes the bare id), or each half would get only some kinds.
  const slip = SLIPS[fnv1a(`slip:${question.id}`) % SLIPS.length];
  if (word === undefined || !slip) return null;
  words[at] = slip(word, Math.floor(word.length / 2));
  return words.join(' ');
}
