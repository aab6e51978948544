import type { KnowledgeStore, ScoredRow } from '../ports';

/** Each of the question's rarest terms brings this many of its own best matches. */
const PER_TERM = 5;
/** How many terms, rarest first, bring their own: the rarest say most about what is asked. */
const TERMS_WITH_OWN = 4;

export interface TextSearch {
  /** The question's terms, each with the index words it is searched under (itself, forms, synonyms, parts). */
  forms: ReadonlyMap<string, readonly string[]>;
  /** The index words the search uses (common ones left out). */
  searchTerms: readonly string[];
  /** The common ones left out, searched only when the others find few passages. */
  commonTerms: readonly string[];
  docFrequency: ReadonlyMap<string, number>;
  limit: number;
  scope: string[] | null;
  sequences: string[][];
}

/**
 * The text index's candidates for a question: its best BM25 matches over all the terms, joined by
 * the best few matches of each of the rarest terms alone. In one BM25 over all the terms, a word in
 * a hundred short passages, many times each, can fill every place ("use" in a handbook's tips)
 * while the question's rarest word sits only in long ones (a currency's name in a table's 36 rows
 * of 60 columns), which then never reach the ranking that weighs them by the question.
 */
export async function textCandidates(store: KnowledgeStore, search: TextSearch): Promise<ScoredRow[]> {
  const { searchTerms, commonTerms, limit, scope, sequences } = search;
  const all = await store.searchText([...searchTerms], limit, scope, sequences);
  // Fewer than the limit: every passage holding a rarer term is there, and the common terms fill
  // the rest ("Mill Street", in most of a shop's documents, where no passage says "wheelchair").
  // Not a date's numbers, searched as the date: scattered, "2015", "07", "04" are other days' rows.
  if (all.length < limit) {
    const inSequence = new Set(sequences.flat());
    const loose = commonTerms.filter((t) => !inSequence.has(t));
    if (loose.length === 0) return all;
    return joined(all, await store.searchText([...searchTerms, ...loose], limit - all.length, scope, sequences));
  }
  const searched = new Set(searchTerms);
  const count = (word: string): number => search.docFrequency.get(word) ?? 0;
  const df = (words: readonly string[]): number => Math.min(...words.map(count));
  const rarest = [...search.forms.values()]
    .map((words) => words.filter((w) => searched.has(w) && count(w) > 0))
    .filter((words) => words.length > 0)
    .sort((a, b) => df(a) - df(b))
    .slice(0, TERMS_WITH_OWN);
  const found = await Promise.all(rarest.map((words) => store.searchText([...words], PER_TERM, scope)));
  return joined(all, found.flat());
}

/** The rows of `first`, then those of `more` that are not among them yet. */
function joined(first: readonly ScoredRow[], more: readonly ScoredRow[]): ScoredRow[] {
  const seen = new Set(first.map((r) => r.chunkId));
  return [...first, ...more.filter((r) => !seen.has(r.chunkId) && seen.add(r.chunkId))];
}
