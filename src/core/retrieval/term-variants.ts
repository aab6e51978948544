import type { KnowledgeStore, Lexicon } from '../ports';
import { analyze } from '../text/analyze';
import { irregularForms } from '../text/irregular-verbs';

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
 * A word the index lacks that is two words it holds written as one ("payday" against notes on
 * pay and its day): both parts stand in for it, the split whose rarer part is commonest first.
 */
async function compoundVariants(store: KnowledgeStore, term: string): Promise<Map<string, number>> {
  if (!/^[a-z]+$/u.test(term)) return new Map();
  const splits: [string, string][] = [];
  for (let i = MIN_COMPOUND_PART; i + MIN_COMPOUND_PART <= term.length; i++) {
    const [left] = analyze(term.slice(0, i));
    const [right] = analyze(term.slice(i));
    if (left && right) splits.push([left, right]);
  }
  if (splits.length === 0) return new Map();
  const { docFrequency } = await store.termStats(splits.flat());
  const df = (t: string): number => docFrequency.get(t) ?? 0;
  const best = splits.filter(([a, b]) => df(a) > 0 && df(b) > 0).sort((x, y) => Math.min(df(y[0]), df(y[1])) - Math.min(df(x[0]), df(x[1])))[0];
  return best ? new Map(best.map((t) => [t, df(t)])) : new Map();
}

/**
 * A synonym far commoner than the word stands for it only in a rare sense of its own ("knead" is
 * listed with "work", "blanket" with "cover"): it must be at least this informative, against the word.
 */
const SYNONYM_SPECIFICITY = 0.6;

/** The indexed synonyms of a term in its most used sense ("Alaska" → ak): the same meaning in other words. */
async function synonymVariants(store: KnowledgeStore, term: string, lexicon: Lexicon | null): Promise<Map<string, number>> {
  const informative = (t: string): number => lexicon?.prior(t) ?? 1;
  const synonyms = (lexicon?.related(term) ?? [])
    .filter((r) => r.source === 'wordnet' && r.weight >= 1 && r.terms.length === 1)
    .flatMap((r) => r.terms)
    .filter((s) => informative(s) >= SYNONYM_SPECIFICITY * informative(term));
  if (synonyms.length === 0) return new Map();
  const { docFrequency } = await store.termStats(synonyms);
  return new Map([...docFrequency].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]).slice(0, MAX_VARIANTS));
}

/**
 * Porter stems do not always meet ("discovery" → discoveri, "discovered" → discov; "write",
 * "wrote"). An irregular verb borrows the forms the index holds (`df` already counts them); a
 * question term the index has never seen borrows the indexed terms that share its stem's first
 * letters (and records their chunk counts in `df`); a typing slip was read before (spelling-correction.ts). A word
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
    if ((df.get(term) ?? 0) > 0 || /\d/u.test(term)) continue;
    const prefix = term.slice(0, Math.max(MIN_VARIANT_PREFIX, term.length - 3));
    let found = await synonymVariants(store, term, lexicon);
    if (found.size === 0 && term.length >= MIN_VARIANT_PREFIX + 2 && !isCompound(term, prefix, lexicon)) {
      // A word that is the prefix and another word ("breakfast" for "breakup") is not a form of the term either.
      found = new Map([...(await store.termsWithPrefix(prefix, MAX_VARIANTS))].filter(([word]) => !isCompound(word, prefix, lexicon)));
    }
    // A word general English knows ("carpet") is not taken apart ("car", "pet").
    if (found.size === 0 && lexicon?.prior(term) === undefined) found = await compoundVariants(store, term);
    if (found.size === 0) continue;
    variants.set(term, [...found.keys()]);
    for (const [variant, count] of found) df.set(variant, count);
  }
  return variants;
}
