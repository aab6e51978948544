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
 * Whether a word may have been typed for a function word: two neighbours swapped ("waht", "adn")
 * or a letter left out ("hw", "whn"). Short words too, where `typoForms` does not
 * guess: a function word is what a short slip most often was. A replaced letter does not count,
 * since almost any short string is one replacement from some function word.
 */
export function isFunctionWordSlip(word: string, isFunctionWord: (form: string) => boolean): boolean {
  if (word.length < 2 || !PLAIN_WORD.test(word)) return false;
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail.length > 1 && isFunctionWord(head + (tail[1] ?? '') + (tail[0] ?? '') + tail.slice(2))) return true;
    for (const letter of LETTERS) if (isFunctionWord(head + letter + tail)) return true;
  }
  return false;
}

const KEY_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/** Each letter's neighbours on a QWERTY keyboard: beside it, and the two touching it above and below (rows are staggered). */
const KEY_NEIGHBOURS: ReadonlyMap<string, string> = new Map(
  KEY_ROWS.flatMap((row, r) =>
    [...row].map((letter, c) => {
      const at = (rowIndex: number, col: number): string => KEY_ROWS[rowIndex]?.[col] ?? '';
      return [letter, at(r, c - 1) + at(r, c + 1) + at(r - 1, c) + at(r - 1, c + 1) + at(r + 1, c - 1) + at(r + 1, c)] as const;
    }),
  ),
);
const besideOnKeyboard = (a: string, b: string): boolean => KEY_NEIGHBOURS.get(a)?.includes(b) ?? false;

/**
 * The words a typist may have meant by `term` under the slips a keyboard makes: two neighbours
 * swapped, a letter left out, a key struck twice or with its neighbour ("makiing", "bakkes"), or
 * a neighbouring key struck instead. The part of `typoForms` that is likely even where the word
 * typed could be a rare word of its own: "sonos" is not read as "sons", an o being far from n and s.
 */
export function keyboardSlipForms(term: string): string[] {
  if (term.length < MIN_TYPO_LENGTH || !PLAIN_WORD.test(term)) return [];
  const forms = new Set<string>();
  for (let i = 0; i < term.length; i++) {
    const letter = term[i] ?? '';
    const head = term.slice(0, i);
    const tail = term.slice(i + 1);
    const before = term[i - 1] ?? '';
    const after = term[i + 1] ?? '';
    if (letter === before || letter === after || besideOnKeyboard(letter, before) || besideOnKeyboard(letter, after)) forms.add(head + tail);
    if (after !== '') forms.add(head + after + letter + tail.slice(1));
    for (const other of KEY_NEIGHBOURS.get(letter) ?? '') forms.add(head + other + tail);
  }
  for (let i = 0; i <= term.length; i++) for (const letter of LETTERS) forms.add(term.slice(0, i) + letter + term.slice(i));
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
