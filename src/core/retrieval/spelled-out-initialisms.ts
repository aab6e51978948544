import { analyze } from '../text/analyze';
import { STOPWORDS } from '../text/stopwords';

/**
 * Fewest words spelled out for their initials to be looked up. Two letters spell too much by
 * chance: "tomato variety" is no TV, though a base may well write TV.
 */
const MIN_WORDS = 3;
const MAX_WORDS = 5;
/** Passages read to see whether the base writes the initials in capitals. */
const CHECKED_PASSAGES = 3;
const WORD = /\p{L}+/gu;

export interface SpelledOutSources {
  /** How many passages hold each of these terms. */
  docFrequency(terms: string[]): Promise<ReadonlyMap<string, number>>;
  /** The texts of a few passages holding a term. */
  passagesWith(term: string, limit: number): Promise<string[]>;
}

/**
 * Function words an abbreviation may spell ("paid time off", PTO; "working from home", WFH) or
 * skip ("health and safety executive", HSE). A run with any other ("keep my code", "mix the
 * pancake") is no name of something.
 */
const SPELLED = new Set(['of', 'for', 'from', 'off', 'on', 'to', 'in', 'and', 'up']);
const SKIPPED = new Set(['of', 'and']);
/** The particles a name may end with ("time off", "sign on"); it never ends "of" or "for" ("instead of"). */
const ENDING = new Set(['off', 'on', 'in', 'up']);

/** The initials a run of words may be abbreviated by: of every word, and of every word but "of" and "and". */
function initialsOf(words: readonly string[]): string[] {
  const last = words.at(-1) ?? '';
  if (words.some((w) => STOPWORDS.has(w) && !SPELLED.has(w)) || (STOPWORDS.has(last) && !ENDING.has(last))) return [];
  const all = words.map((w) => w[0]).join('');
  const skipping = words.filter((w) => !SKIPPED.has(w)).map((w) => w[0]).join('');
  return [...new Set([all, skipping])].filter((i) => i.length >= MIN_WORDS);
}

/**
 * What the question spells out that its knowledge base abbreviates: "annual recurring revenue"
 * where the notes say ARR, "paid time off" where the policy says PTO. A run of three to five words
 * (the first not a function word) whose initials the base writes as a word in capitals stands for
 * them. Returns each such abbreviation's term, with its passage count, and the question terms of
 * the words it stands for: a passage with the abbreviation holds those words.
 */
export async function spelledOutInitialisms(question: string, sources: SpelledOutSources): Promise<{ term: string; passages: number; standsFor: string[] }[]> {
  const words = question.toLowerCase().match(WORD) ?? [];
  const runs = new Map<string, string[]>();
  for (let i = 0; i < words.length; i++) {
    if (STOPWORDS.has(words[i] ?? '')) continue;
    for (let n = MIN_WORDS; n <= MAX_WORDS && i + n <= words.length; n++) {
      const run = words.slice(i, i + n);
      for (const initials of initialsOf(run)) if (!runs.has(initials)) runs.set(initials, run);
    }
  }
  // Initials the question writes itself are read as they stand; a function word ("are") is none.
  for (const w of words) runs.delete(w);
  const candidates = [...runs.keys()].filter((initials) => analyze(initials).join(' ') === initials);
  if (candidates.length === 0) return [];
  const df = await sources.docFrequency(candidates);
  const found: { term: string; passages: number; standsFor: string[] }[] = [];
  for (const initials of candidates) {
    const passages = df.get(initials) ?? 0;
    if (passages === 0) continue;
    const standsFor = analyze((runs.get(initials) ?? []).join(' '));
    const texts = await sources.passagesWith(initials, CHECKED_PASSAGES);
    if (texts.some((t) => writesInCapitals(t, initials.toUpperCase()) && holdsHalf(analyze(t), standsFor))) found.push({ term: initials, passages, standsFor });
  }
  return found;
}

/**
 * Whether a passage holds at least half the words spelled out: notes use an abbreviation among
 * the words it stands for ("ARR" beside revenue and recurring invoices), where initials met by
 * chance ("time complexity of Python", TCP) stand among other words.
 */
function holdsHalf(terms: readonly string[], spelled: readonly string[]): boolean {
  const held = new Set(terms);
  return spelled.filter((t) => held.has(t)).length * 2 >= spelled.length;
}

/** Whether a text writes a word in capitals among words that are not: a heading in capitals ("CAR RENTAL") abbreviates nothing. */
function writesInCapitals(text: string, word: string): boolean {
  const capitals = new RegExp(`(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`, 'u');
  return text.split('\n').some((line) => capitals.test(line) && /\p{Ll}/u.test(line));
}
