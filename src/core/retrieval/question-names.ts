import { analyze } from '../text/analyze';
import { STOPWORDS } from '../text/stopwords';

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’.-]*|&/gu;
/** Lower-case words that join the words of one name: "First for Women", "Bank of England", "Simon & Simon". */
const CONNECTORS: ReadonlySet<string> = new Set(['of', 'for', 'the', '&', 'de', 'la', 'le', 'von', 'van', 'der', 'den', 'du', 'del', 'da', 'di']);
const CAPITALISED = /^\p{Lu}/u;
const NUMBER = /^\p{N}/u;
const POSSESSIVE = /['’]s?$/u;
/**
 * A question in title case or capitals ("How Do I Reset The Router") marks no names by its
 * capitals: told by its function words after the first, which prose writes in lower case.
 */
const MAX_CAPITALISED_SHARE = 0.5;
/** Words from which a question typed all in capitals is read as such, function words or not ("WHAT'S ICELAND'S ISO CODE"); "HL FREEZER" may be a name. */
const MIN_WORDS_IN_CAPITALS = 3;

/** A run of capitalised words in a question, as its analysed terms. */
interface NameRun {
  terms: string[];
  /** How many of its words are capitalised (connectors and numbers are not). */
  capitalised: number;
  /** Whether it starts the question, where any word is capitalised. */
  first: boolean;
}

/**
 * The question's names of two or more words ("Nick Hexum", "Champions League", "Super Bowl 50"),
 * each as its analysed terms: runs of capitalised words, joined by lower-case connectors and ended
 * by a number, punctuation or a possessive ("Kublai's Chinese advisers" names Kublai). A passage
 * that holds "Ramsay" beside another first name, or "league" and "champion" apart, does not hold
 * the name the question asks about.
 */
export function questionNames(question: string): string[][] {
  return nameRuns(question).flatMap((run) => (run.capitalised >= 2 && run.terms.length >= 2 ? [run.terms] : []));
}

/**
 * The single capitalised words a question names ("the current president of France", "my Kindle"),
 * as terms; not its first word.
 */
export function namedWords(question: string): string[] {
  return nameRuns(question).flatMap((run) => (run.capitalised === 1 && run.terms.length === 1 && !run.first ? run.terms : []));
}

const bare = (match: RegExpMatchArray): string => match[0].replace(/[.'’-]+$/u, '');

/** Whether the question's capitals mark names: not where it is written in title case or in capitals. */
export function marksNamesByCapitals(question: string): boolean {
  return capitalsMarkNames([...question.normalize('NFKC').matchAll(WORD)].map(bare));
}

function capitalsMarkNames(words: readonly string[]): boolean {
  const letters = words.join('').replace(/\P{L}/gu, '');
  if (words.length >= MIN_WORDS_IN_CAPITALS && letters === letters.toUpperCase() && letters !== letters.toLowerCase()) return false;
  const functionWords = words.slice(1).filter((w) => STOPWORDS.has(w.toLowerCase()) && w !== 'I');
  return functionWords.filter((w) => CAPITALISED.test(w)).length <= MAX_CAPITALISED_SHARE * functionWords.length;
}

function nameRuns(question: string): NameRun[] {
  const text = question.normalize('NFKC');
  const matches = [...text.matchAll(WORD)];
  const words = matches.map(bare);
  if (!capitalsMarkNames(words)) return [];
  const capitalised = (w: string): boolean => CAPITALISED.test(w) && !STOPWORDS.has(w.toLowerCase());
  // Only spaces between two words keep them in one name: "Tesla, Lane and Vail" are three.
  const joined = (i: number): boolean => {
    const a = matches[i];
    const b = matches[i + 1];
    return a !== undefined && b !== undefined && /^\s+$/u.test(text.slice((a.index ?? 0) + a[0].length, b.index));
  };
  const runs: NameRun[] = [];
  let run: string[] = [];
  let first = false;
  const close = (): void => {
    if (run.length > 0) runs.push({ terms: analyze(run.join(' ')), capitalised: run.filter(capitalised).length, first });
    run = [];
  };
  words.forEach((word, i) => {
    const next = words[i + 1] ?? '';
    const ends = NUMBER.test(word) || POSSESSIVE.test(matches[i]?.[0] ?? '');
    if (run.length === 0) first = i === 0;
    if (capitalised(word) || (run.length > 0 && NUMBER.test(word))) run.push(word);
    else if (run.length > 0 && CONNECTORS.has(word.toLowerCase()) && capitalised(next)) run.push(word);
    else close();
    if (run.length > 0 && (ends || !joined(i))) close();
  });
  close();
  return runs;
}

/** Name terms further apart than this in a passage are not the name ("Kate … Ramsay"). */
const NAME_SPAN = 2;
/** A name's word and a passage's word of one stem with another ending: "North American", "North America". */
const MIN_SHARED = 4;
const MAX_ENDING = 2;

function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return short.length >= MIN_SHARED && long.length - short.length <= MAX_ENDING && long.startsWith(short);
}

/** Whether `terms` hold the name's terms in order, each within a couple of terms of the one before. */
export function holdsName(terms: readonly string[], name: readonly string[]): boolean {
  const [head, ...rest] = name;
  if (head === undefined) return true;
  return terms.some((first, start) => {
    if (!sameWord(first, head)) return false;
    let at = start;
    return rest.every((term) => {
      const found = terms.slice(at + 1, at + 1 + NAME_SPAN).findIndex((t) => sameWord(t, term));
      if (found < 0) return false;
      at += found + 1;
      return true;
    });
  });
}
