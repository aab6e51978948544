/**
 * Words one typing slip away from a query term ("ctenphora" → "ctenophora", "Geegen" → "Gegeen"):
 * one letter dropped, added or replaced, or two neighbours swapped. A query term the index has never
 * seen is looked up under these forms, so a misspelt question still finds (and covers) its passage.
 */
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const PLAIN_WORD = /^[a-z]+$/u;
/**
 * Shorter words have too many real neighbours ("cat" → "bat", "cut", "cart") to guess from. Only a
 * word neither the documents nor general English know is read as a slip, so a four-letter one
 * ("frst") is still safe to read, its several readings searched together.
 */
export const MIN_TYPO_LENGTH = 4;
/** How far a misplaced letter may have strayed ("Ghandi": the h sits three places early). */
const MAX_LETTER_MOVE = 3;

export function typoForms(term: string): string[] {
  if (term.length < MIN_TYPO_LENGTH || !PLAIN_WORD.test(term)) return [];
  const forms = new Set<string>();
  for (let i = 0; i <= term.length; i++) {
    const head = term.slice(0, i);
    const tail = term.slice(i);
    if (tail.length > 0) forms.add(head + tail.slice(1));
    if (tail.length > 1) forms.add(head + (tail[1] ?? '') + (tail[0] ?? '') + tail.slice(2));
    for (const letter of LETTERS) {
      forms.add(head + letter + tail);
      if (tail.length > 0) forms.add(head + letter + tail.slice(1));
    }
  }
  forms.delete(term);
  return [...forms];
}

/**
 * A name spelt as it sounds, with one letter in the wrong place ("Ghandi" → gandhi): the letter
 * moved two or three places. Two slips by the measure of `typoForms`, but only a few dozen forms
 * (against tens of thousands for any two slips), so they are looked up when no single slip matches.
 */
export function movedLetterForms(term: string): string[] {
  if (term.length < MIN_TYPO_LENGTH || !PLAIN_WORD.test(term)) return [];
  const forms = new Set<string>();
  for (let from = 0; from < term.length; from++) {
    const rest = term.slice(0, from) + term.slice(from + 1);
    const letter = term[from] ?? '';
    for (let to = Math.max(0, from - MAX_LETTER_MOVE); to <= Math.min(rest.length, from + MAX_LETTER_MOVE); to++) {
      if (Math.abs(to - from) >= 2) forms.add(rest.slice(0, to) + letter + rest.slice(to));
    }
  }
  forms.delete(term);
  return [...forms];
}
