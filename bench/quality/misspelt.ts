/**
 * Questions as typed in a hurry: the commonest slip, two neighbouring letters swapped, made in
 * the middle of the question's longest plain word ("vacation" → "vactaion"). Asked beside the
 * questions as written, so a ranking or a refusal that holds only for clean spelling shows.
 */
const SLIPPABLE = /^[a-z]{6,}$/u;

/** The question with one slip, or null when it has no plain lower-case word of six letters or more. */
export function misspell(question: string): string | null {
  const words = question.split(' ');
  let at = -1;
  words.forEach((w, i) => {
    if (SLIPPABLE.test(w) && (at < 0 || w.length > (words[at]?.length ?? 0))) at = i;
  });
  const word = words[at];
  if (word === undefined) return null;
  const k = Math.floor(word.length / 2);
  words[at] = `${word.slice(0, k - 1)}${word[k] ?? ''}${word[k - 1] ?? ''}${word.slice(k + 1)}`;
  return words.join(' ');
}
