import type { KnowledgeStore, Lexicon } from '../ports';
import { plainWordTerm } from '../text/analyze';
import { irregularForms } from '../text/irregular-verbs';
import { prefixedBase } from '../text/word-prefixes';
import { STOPWORDS } from '../text/stopwords';
import { isFunctionWordSlip, keyboardSlipForms, movedLetterForms, typoForms } from './spelling-variants';

/**
 * The terms one slip (`slips`) away from the words written for a term: a slip is made in the word,
 * not in its stem ("traniing" is a slip for training, its stem tranii none for train). A term with
 * no written word (from an earlier turn) is slipped itself.
 */
function slipTerms(term: string, words: readonly string[], slips: (word: string) => string[]): string[] {
  const forms = words.length > 0 ? words.flatMap(slips).map(plainWordTerm) : slips(term);
  return [...new Set(forms)].filter((f): f is string => f !== null && f !== term);
}

/** How many of a slip's readings the index holds are searched: the first is the term, the rest its variants. */
const MAX_READINGS = 3;

/**
 * Of these terms, those the index holds, commonest in general English first (a typist meant
 * "training", not "traiing", whose stem is the index's "tray"), then in the index.
 */
async function indexedForms(store: KnowledgeStore, forms: readonly string[], lexicon: Lexicon | null): Promise<[string, number][]> {
  if (forms.length === 0) return [];
  const commonness = (t: string): number => lexicon?.prior(t) ?? Number.POSITIVE_INFINITY;
  const { docFrequency } = await store.termStats([...forms]);
  return [...docFrequency].filter(([, n]) => n > 0).sort((a, b) => commonness(a[0]) - commonness(b[0]) || b[1] - a[1]).slice(0, MAX_READINGS);
}

/** Of these terms, the commonest in general English. */
function commonestKnown(forms: readonly string[], lexicon: Lexicon): string | null {
  let best: { term: string; prior: number } | null = null;
  for (const form of forms) {
    const prior = lexicon.prior(form);
    if (prior !== undefined && (best === null || prior < best.prior)) best = { term: form, prior };
  }
  return best?.term ?? null;
}

/**
 * Whether general English knows a term: by its frequency, or else as a WordNet word ("monstera"),
 * or as a known word with a prefix ("refreez": freez), which is a word the documents lack, not a
 * slip for "refresh".
 */
function knowsWord(lexicon: Lexicon | null, term: string): boolean {
  if (lexicon === null) return false;
  const known = (t: string): boolean => lexicon.prior(t) !== undefined || lexicon.related(t).length > 0;
  return known(term) || prefixedBase(term, known) !== undefined;
}

/** The question's terms as read (each with the term it was read from), and the other readings of each slip. */
export interface SlipReading {
  readAs: Map<string, string>;
  /** A short slip often has several readings the index holds ("frst": first, frost): the others, with their chunk counts. */
  alternatives: Map<string, [string, number][]>;
  /** Each slip as written (lower case) with the word it was read as: "dirve" → "drive". */
  spelled: Map<string, string>;
}

/**
 * The question's terms with its typing slips read as the words meant. Only a term that neither the
 * index nor general English knows is a slip: a real word the documents lack is what the user asked
 * ("fridges" is not "bridges"). It becomes the indexed term one slip away ("ctenphora"), the
 * commonest first and the others searched beside it, since the documents tell "frst" (frost) from
 * "first" better than word counts do; else it is dropped if it is a function word mistyped
 * ("shuold"), which would otherwise count as the question's rarest word; else it becomes the
 * dictionary word one slip away ("thearpist"), whose own synonyms and weight then serve. A word
 * general English knows only by its stem ("makiing", whose stem is the word maki) is read by the
 * slips a keyboard makes (keyboardSlipsOf).
 */
export async function correctSlips(store: KnowledgeStore, terms: readonly string[], df: ReadonlyMap<string, number>, lexicon: Lexicon | null, words: ReadonlyMap<string, readonly string[]>, question: string): Promise<SlipReading> {
  const held = (t: string): boolean => (df.get(t) ?? 0) > 0;
  const typed = [...question.matchAll(/\p{L}+/gu)].map(([w]) => w);
  const lowerCase = new Set(typed.filter((w) => w === w.toLowerCase()));
  // A capital says name, except on the question's first word.
  const asTyped = new Set([...lowerCase, typed[0]?.toLowerCase() ?? '']);
  const readingsOf = async (term: string): Promise<[string, number][]> => {
    const written = words.get(term) ?? [];
    if (held(term) || irregularForms(term).some(held)) return [[term, 0]];
    const known = knowsWord(lexicon, term);
    if (functionWordTyped(written, asTyped, lexicon, known)) return [];
    if (!known) return meantBy(store, term, written, lexicon);
    return mistyped(written, lexicon, lowerCase) ? keyboardSlipsOf(store, term, written, lexicon) : [[term, 0]];
  };
  const readAs = new Map<string, string>();
  const alternatives = new Map<string, [string, number][]>();
  const spelled = new Map<string, string>();
  for (const term of terms) {
    const [first, ...others] = await readingsOf(term);
    if (!first || readAs.has(first[0])) continue;
    readAs.set(first[0], term);
    if (others.length > 0) alternatives.set(first[0], others);
    if (first[0] !== term) for (const word of words.get(term) ?? []) {
      const meant = meantWord(word, first[0]);
      if (meant) spelled.set(word, meant);
    }
  }
  return { readAs, alternatives, spelled };
}

/** The word one slip from `word` that analyses to `term`, as correctSlips read it. */
function meantWord(word: string, term: string): string | undefined {
  return [...typoForms(word), ...movedLetterForms(word), ...keyboardSlipForms(word)].find((form) => plainWordTerm(form) === term);
}

/**
 * The text with each slip written as the word it was read as, for what reads text rather than
 * terms: the sentence encoder makes little of "thumb dirve".
 */
export function respelled(text: string, spelled: ReadonlyMap<string, string>): string {
  if (spelled.size === 0) return text;
  return text.replace(/\p{L}+/gu, (word) => {
    const meant = spelled.get(word.toLowerCase());
    if (meant === undefined) return word;
    return word[0] === word[0]?.toLowerCase() ? meant : `${meant[0]?.toUpperCase() ?? ''}${meant.slice(1)}`;
  });
}

/**
 * Whether the words written for a term are no words but a function word mistyped ("waht", "hw"):
 * then the term is dropped, as "shuold" is, rather than read as the indexed word nearest ("want")
 * or kept as a rare word the documents lack. "No word" by the lexicon's list of words as written
 * where it has one, which also lists common slips ("teh") and so leaves them alone; else by `known`.
 */
function functionWordTyped(written: readonly string[], asTyped: ReadonlySet<string>, lexicon: Lexicon | null, known: boolean): boolean {
  const noWord = (word: string): boolean => (lexicon?.isWord ? !lexicon.isWord(word) : !known);
  return written.length > 0 && written.every((w) => asTyped.has(w) && noWord(w) && isFunctionWordSlip(w, (form) => STOPWORDS.has(form)));
}

/**
 * Whether a term general English knows was typed as no word of it: "makiing" analyses to maki,
 * a word, but was typed for making. Only where the lexicon lists words as written, and only for
 * words typed in lower case: a capital says name ("Sonos", not "soons"), and a question's first
 * word, capitalised either way, is left alone.
 */
function mistyped(written: readonly string[], lexicon: Lexicon | null, lowerCase: ReadonlySet<string>): boolean {
  return written.length > 0 && written.every((word) => lowerCase.has(word) && lexicon?.isWord?.(word) === false);
}

/**
 * The keyboard slips' readings the index holds (keyboardSlipForms), as correctSlips orders them;
 * none for a function word mistyped ("beeing" is being, not beeping); else the term as it is.
 */
async function keyboardSlipsOf(store: KnowledgeStore, term: string, written: readonly string[], lexicon: Lexicon | null): Promise<[string, number][]> {
  if (written.some((w) => keyboardSlipForms(w).some((form) => STOPWORDS.has(form)))) return [];
  const indexed = await indexedForms(store, slipTerms(term, written, keyboardSlipForms), lexicon);
  return indexed.length > 0 ? indexed : [[term, 0]];
}

/** The readings of a slip with their chunk counts, in the order correctSlips gives; none for a mistyped function word. */
async function meantBy(store: KnowledgeStore, term: string, written: readonly string[], lexicon: Lexicon | null): Promise<[string, number][]> {
  const oneSlip = slipTerms(term, written, typoForms);
  // Else a letter two or three places from where it belongs ("Ghandi").
  let indexed = await indexedForms(store, oneSlip, lexicon);
  if (indexed.length === 0) indexed = await indexedForms(store, slipTerms(term, written, movedLetterForms), lexicon);
  if (indexed.length > 0) return indexed;
  if (written.some((w) => typoForms(w).some((form) => STOPWORDS.has(form)))) return [];
  return [[(lexicon && commonestKnown(oneSlip, lexicon)) ?? term, 0]];
}
