/**
 * Words one typing slip away from a query term ("ctenphora" → "ctenophora", "Geegen" → "Gegeen"):
 * one letter dropped or added, or two neighbours swapped. A query term the index has never
 * seen is looked up under these forms, so a misspelt question still finds (and covers) its passage.
 */
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const PLAIN_WORD = /^[a-z]+$/u;
/** Shorter words have too many real neighbours ("cat" → "bat", "cut", "cart") to guess from. */
export const MIN_TYPO_LENGTH = 6;

export function typoForms(term: string): string[] {
  if (term.length < MIN_TYPO_LENGTH || !PLAIN_WORD.test(term)) return [];
  const forms = new Set<string>();
  for (let i = 0; i <= term.length; i++) {
    const head = term.slice(0, i);
    const tail = term.slice(i);
    if (tail.length > 0) forms.add(head + tail.slice(1));
    if (tail.length > 1) forms.add(head + (tail[1] ?? '') + (tail[0] ?? '') + tail.slice(2));
    for (const letter of LETTERS) forms.add(head + letter + tail);
  }
  forms.delete(term);
  return [...forms];
}
