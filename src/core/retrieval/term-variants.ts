import type { KnowledgeStore, Lexicon } from '../ports';
import { analyze } from '../text/analyze';
import { irregularForms } from '../text/irregular-verbs';
import { heldByIndex } from './coverage';
import { cosine } from '../text/cosine';
import { prefixedBase } from '../text/word-prefixes';

const MIN_VARIANT_PREFIX = 5;
const MAX_VARIANTS = 3;

/**
 * Whether a word is two words general English knows ("chainsaw" = "chain" + "saw") where the
 * prefix search would cut it: its words sharing the first letters are other words, not its forms.
 */
function isCompound(term: string, prefix: string, lexicon: Lexicon | null): boolean {
  const rest = term.slice(prefix.length);
  if (!lexicon || rest.length < MIN_COMPOUND_PART) return false;
  // A part is a word as it stands: "septice" is no word, though its stem (septic) is.
  const known = (text: string): boolean => {
    const terms = analyze(text);
    return terms.length === 1 && terms[0] === text && lexicon.prior(text) !== undefined;
  };
  return known(prefix) && known(rest);
}

/** Shortest part of a compound worth looking up ("pay" + "day"). */
const MIN_COMPOUND_PART = 3;

/**
 * Whether WordNet files a word under the word it ends with: a "payday" is a day and a "mailbox" a
 * box, so their parts say what they mean, where a "carpet" is no pet.
 */
function isKindOfItsEnd(term: string, lexicon: Lexicon | null): boolean {
  return (lexicon?.related(term) ?? []).some((r) => {
    const head = r.terms.length === 1 ? (r.terms[0] ?? '') : '';
    return r.source === 'wordnet' && head.length >= MIN_COMPOUND_PART && term.length - head.length >= MIN_COMPOUND_PART && term.endsWith(head);
  });
}

/** The two words the index holds that a term is written from ("payday": pay, day), the split whose rarer part is commonest; none if no split has both. */
async function splitCompound(store: KnowledgeStore, term: string, found: Map<string, number>): Promise<[string, string] | null> {
  const splits: [string, string][] = [];
  for (let i = MIN_COMPOUND_PART; i + MIN_COMPOUND_PART <= term.length; i++) {
    const [left] = analyze(term.slice(0, i));
    const [right] = analyze(term.slice(i));
    if (left && right) splits.push([left, right]);
  }
  if (splits.length === 0) return null;
  const { docFrequency } = await store.termStats(splits.flat());
  const df = (t: string): number => docFrequency.get(t) ?? 0;
  const best = splits.filter(([a, b]) => df(a) > 0 && df(b) > 0).sort((x, y) => Math.min(df(y[0]), df(y[1])) - Math.min(df(x[0]), df(x[1])))[0];
  for (const part of best ?? []) found.set(part, df(part));
  return best ?? null;
}

/**
 * Question terms the index lacks in every form that are two words it holds written as one
 * ("payday" against notes on pay and its day): term → its two parts, whose chunk counts go into
 * `df`. A passage covers such a term only with both parts (coverage.ts), since "day" alone is not
 * payday. A word general English knows whole ("carpet") is not taken apart, unless it is a kind of
 * its last part.
 */
export async function compoundParts(store: KnowledgeStore, terms: readonly string[], df: Map<string, number>, variants: ReadonlyMap<string, readonly string[]>, lexicon: Lexicon | null): Promise<Map<string, string[]>> {
  const parts = new Map<string, string[]>();
  for (const term of terms) {
    if (heldByIndex(term, df, variants) || !/^[a-z]+$/u.test(term)) continue;
    if (lexicon?.prior(term) !== undefined && !isKindOfItsEnd(term, lexicon)) continue;
    const split = await splitCompound(store, term, df);
    if (split) parts.set(term, split);
  }
  return parts;
}

/**
 * A synonym far commoner than the word stands for it only in a rare sense of its own ("knead" is
 * listed with "work", "blanket" with "cover"): it must be at least this informative, against the word.
 */
const SYNONYM_SPECIFICITY = 0.6;

/** The one-word WordNet relatives of a term at `minWeight` or more (1: synonyms in its most used sense). */
function wordnetWords(term: string, lexicon: Lexicon | null, minWeight: number): string[] {
  return (lexicon?.related(term) ?? []).filter((r) => r.source === 'wordnet' && r.weight >= minWeight && r.terms.length === 1).flatMap((r) => r.terms);
}

/** The indexed synonyms of a term in its most used sense ("Alaska" → ak): the same meaning in other words. */
async function synonymVariants(store: KnowledgeStore, term: string, lexicon: Lexicon | null): Promise<Map<string, number>> {
  const informative = (t: string): number => lexicon?.prior(t) ?? 1;
  const synonyms = wordnetWords(term, lexicon, 1).filter((s) => informative(s) >= SYNONYM_SPECIFICITY * informative(term));
  if (synonyms.length === 0) return new Map();
  const { docFrequency } = await store.termStats(synonyms);
  return new Map([...docFrequency].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]).slice(0, MAX_VARIANTS));
}

/**
 * The variants that are the term in another form, without the synonyms it was searched under: a
 * synonym finds the passage that says it otherwise, but whether a passage answers is judged with
 * it as a related word, partly. Counted whole, "Who invented the telephone?" was covered by
 * passages on a design and a phone.
 */
export function formVariants(variants: ReadonlyMap<string, readonly string[]>, lexicon: Lexicon | null): Map<string, string[]> {
  const forms = new Map<string, string[]>();
  for (const [term, found] of variants) {
    const synonyms = new Set(wordnetWords(term, lexicon, 1).filter((s) => !shortens(s, term)));
    const kept = found.filter((v) => !synonyms.has(v));
    if (kept.length > 0) forms.set(term, kept);
  }
  return forms;
}

/** Least weight of a WordNet relative that says what a word is: a synonym, a form, or its kind (0.5). */
const RELATIVE_WEIGHT = 0.5;

/**
 * The words general English relates to each term in its most used sense: synonyms, forms and
 * what it is a kind of ("rain" → precipitation, "windy" → wind). A table names its columns by them.
 */
export function wordnetRelatives(terms: readonly string[], lexicon: Lexicon | null): Map<string, string[]> {
  const relatives = new Map<string, string[]>();
  for (const term of terms) {
    const words = wordnetWords(term, lexicon, RELATIVE_WEIGHT);
    if (words.length > 0) relatives.set(term, words);
  }
  return relatives;
}

/** Longest shortening of a word looked up beside it ("HI", "TV", "kg"). */
const MAX_SHORTENING = 4;

/** Whether `short` is `term` shortened: its first letter, then others of it in their order ("hi" for hawaii, "tv" for televis). */
function shortens(short: string, term: string): boolean {
  if (short.length < 2 || short.length > MAX_SHORTENING || short.length > term.length - 2 || short[0] !== term[0]) return false;
  let at = 1;
  for (const letter of short.slice(1)) {
    at = term.indexOf(letter, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

/**
 * The indexed shortenings general English gives a word ("Hawaii" → hi, "television" → tv): a
 * table writes the state as HI though a story beside it says Hawaii, so a word the base already
 * holds is still looked up under them.
 */
async function shorteningVariants(store: KnowledgeStore, term: string, lexicon: Lexicon | null): Promise<Map<string, number>> {
  const shortenings = wordnetWords(term, lexicon, 1).filter((s) => shortens(s, term));
  if (shortenings.length === 0) return new Map();
  const { docFrequency } = await store.termStats(shortenings);
  return new Map([...docFrequency].filter(([, n]) => n > 0));
}

/**
 * How close in meaning (the cosine of their word vectors) a word sharing a term's first letters
 * must be to stand for it: "discovery" and "discovered" (0.70) are one word, "protect" and
 * "Protestant", "cabinet" and "cabin", "compound" and "compost" (below 0.4) are not.
 */
const FAMILY_COSINE = 0.4;

/**
 * Whether two terms read as forms of one word; a term without a vector (a name, a rare spelling)
 * is given the benefit of the doubt, unless it is a known word with a prefix, which means what
 * that word means ("refreeze" is no form of "refresh").
 */
function sameFamily(term: string, word: string, lexicon: Lexicon | null): boolean {
  if (!lexicon) return true;
  const a = lexicon.meaning(term) ?? prefixedMeaning(term, lexicon);
  const b = lexicon.meaning(word);
  return !a || !b || cosine(a, b) >= FAMILY_COSINE;
}

/** The vector of the known word a term is made of with a prefix ("refreez": freez's). */
function prefixedMeaning(term: string, lexicon: Lexicon): Float32Array | undefined {
  const base = prefixedBase(term, (t) => lexicon.meaning(t) !== undefined);
  return base === undefined ? undefined : lexicon.meaning(base);
}

/**
 * Porter stems do not always meet ("discovery" → discoveri, "discovered" → discov; "write",
 * "wrote"). An irregular verb borrows the forms the index holds (`df` already counts them); a
 * question term the index has never seen borrows the indexed terms that share its stem's first
 * letters and its meaning (and records their chunk counts in `df`); a typing slip was read before (spelling-correction.ts). A word
 * the index lacks is looked up under its synonyms first ("Alaska" in a table that says "AK").
 */
export async function stemVariants(store: KnowledgeStore, terms: string[], df: Map<string, number>, lexicon: Lexicon | null = null): Promise<Map<string, string[]>> {
  const variants = new Map<string, string[]>();
  for (const term of terms) {
    const forms = irregularForms(term).filter((form) => (df.get(form) ?? 0) > 0);
    if (forms.length > 0) {
      variants.set(term, forms);
      continue;
    }
    if (/\d/u.test(term)) continue;
    if ((df.get(term) ?? 0) > 0) {
      const shortenings = await shorteningVariants(store, term, lexicon);
      if (shortenings.size > 0) variants.set(term, [...shortenings.keys()]);
      for (const [variant, count] of shortenings) df.set(variant, count);
      continue;
    }
    const prefix = term.slice(0, Math.max(MIN_VARIANT_PREFIX, term.length - 3));
    let found = await synonymVariants(store, term, lexicon);
    if (found.size === 0 && term.length >= MIN_VARIANT_PREFIX + 2 && !isCompound(term, prefix, lexicon)) {
      // A word that is the prefix and another word ("breakfast" for "breakup") is not a form of the term either.
      found = new Map([...(await store.termsWithPrefix(prefix, MAX_VARIANTS))].filter(([word]) => !isCompound(word, prefix, lexicon) && sameFamily(term, word, lexicon)));
    }
    if (found.size === 0) continue;
    variants.set(term, [...found.keys()]);
    for (const [variant, count] of found) df.set(variant, count);
  }
  return variants;
}
