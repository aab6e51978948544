/**
 * Plural common nouns, so that "engines" and "engine" are one concept. Only regular plurals
 * whose singular wink's lemmatiser agrees on are folded: a wrong merge ("goods" into "good",
 * "arms" into "arm") costs more than a missed one. Names are never folded ("Jobs", "Wales").
 */

// Plurals with a meaning of their own, or that wink lemmatises wrongly ("species" → "specie").
const KEEP: ReadonlySet<string> = new Set(
  (
    'arms goods customs means remains glasses clothes thanks species series news lenses manners quarters savings belongings ' +
    'premises spirits surroundings troops graphics arts letters forces'
  ).split(' '),
);
const NO_PLURAL_ENDING = /(?:ss|us|is|ics|ous)$/;
const ES_AFTER = /(?:s|x|z|ch|sh|o)$/;
const MEN = new Map([
  ['men', 'man'],
  ['women', 'woman'],
  ['children', 'child'],
]);

/** Whether a lower-case word may be a plural worth asking the lemmatiser about (cheap, no lemma). */
export function mayBePlural(word: string): boolean {
  return (word.length > 3 && word.endsWith('s') && !NO_PLURAL_ENDING.test(word) && !KEEP.has(word)) || MEN.has(word) || word.endsWith('men');
}

/** The singular of a lower-case plural noun, given its lemma; null when it is not a plain plural. */
export function singularOf(word: string, lemma: string): string | null {
  if (lemma === word || lemma.length < 2 || !mayBePlural(word)) return null;
  if (word === `${lemma}s`) return lemma;
  if (word === `${lemma}es` && ES_AFTER.test(lemma)) return lemma;
  const stem = word.slice(0, -3);
  if (word.endsWith('ies') && lemma === `${stem}y`) return lemma;
  if (word.endsWith('ves') && (lemma === `${stem}f` || lemma === `${stem}fe`)) return lemma;
  if (MEN.get(word) === lemma || (word.endsWith('men') && lemma === `${word.slice(0, -3)}man`)) return lemma;
  return null;
}

/**
 * Singulars a question's lower-case word may stand for, without a lemmatiser: the store keeps
 * only the keys it has, so a guess that names nothing costs nothing.
 */
export function singularGuesses(word: string): string[] {
  const man = MEN.get(word);
  if (man !== undefined) return [man];
  if (!word.endsWith('s') || !mayBePlural(word)) return [];
  const out: string[] = [];
  if (word.endsWith('ies')) out.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('ves')) out.push(`${word.slice(0, -3)}f`, `${word.slice(0, -3)}fe`);
  if (word.endsWith('es') && ES_AFTER.test(word.slice(0, -2))) out.push(word.slice(0, -2));
  out.push(word.slice(0, -1));
  return out;
}
