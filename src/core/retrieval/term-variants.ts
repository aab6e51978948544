import type { KnowledgeStore, Lexicon } from '../ports';
import { irregularForms } from '../text/irregular-verbs';
import { movedLetterForms, typoForms } from './spelling-variants';

const MIN_VARIANT_PREFIX = 5;
const MAX_VARIANTS = 3;

/** The indexed words one slip away from a term, or else one misplaced letter away; most frequent first. */
async function typoVariants(store: KnowledgeStore, term: string): Promise<Map<string, number>> {
  for (const forms of [typoForms(term), movedLetterForms(term)]) {
    if (forms.length === 0) continue;
    const { docFrequency } = await store.termStats(forms);
    const found = [...docFrequency].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]).slice(0, MAX_VARIANTS);
    if (found.length > 0) return new Map(found);
  }
  return new Map();
}

/** The indexed synonyms of a term in its most used sense ("Alaska" → ak): the same meaning in other words. */
async function synonymVariants(store: KnowledgeStore, term: string, lexicon: Lexicon | null): Promise<Map<string, number>> {
  const synonyms = (lexicon?.related(term) ?? []).filter((r) => r.source === 'wordnet' && r.weight >= 1 && r.terms.length === 1).flatMap((r) => r.terms);
  if (synonyms.length === 0) return new Map();
  const { docFrequency } = await store.termStats(synonyms);
  return new Map([...docFrequency].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]).slice(0, MAX_VARIANTS));
}

/**
 * Porter stems do not always meet ("discovery" → discoveri, "discovered" → discov; "write",
 * "wrote"). An irregular verb borrows the forms the index holds (`df` already counts them); a
 * question term the index has never seen borrows the indexed terms that share its stem's first
 * letters, or else those one typing slip away (and records their chunk counts in `df`). A word
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
    if (found.size === 0 && term.length >= MIN_VARIANT_PREFIX + 2) found = await store.termsWithPrefix(prefix, MAX_VARIANTS);
    if (found.size === 0) found = await typoVariants(store, term);
    if (found.size === 0) continue;
    variants.set(term, [...found.keys()]);
    for (const [variant, count] of found) df.set(variant, count);
  }
  return variants;
}
