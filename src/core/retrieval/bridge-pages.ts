import type { StoredEntity } from '../model';
import type { KnowledgeStore } from '../ports';
import { uniqueTerms } from '../text/analyze';
import { commonLimit } from './common-terms';
import { documentTitles, titleKey } from './document-titles';

const BRIDGE_SOURCES = 3;
/** Text matches read to find the sources' documents (a document rarely fills more than a few). */
const SOURCE_WINDOW = 10;
const BRIDGE_ENTITIES = 8;
/** Names of each source after the first that are bridged to even when the first source's filled the list. */
const SOURCE_EXTRA = 2;
const BRIDGE_TERM_SHARE = 0.01;
/** Matches read per bridge name beyond the sources, to find the bridge's own page among them. */
const BRIDGE_CANDIDATES = 8;
/** Second-hop pages that are sources of a third hop (2 and 4 did the same on the tuning halves). */
const THIRD_HOP_SOURCES = 2;

/**
 * The next hops of a multi-hop question: the best text matches name entities the question does
 * not (the "bridge"), and each bridge's own page (a passage of a document titled with the
 * bridge's name, among the best text matches for that name) is a candidate. The sources are the
 * best passages of the three best documents, not the three best passages: a long document's
 * neighbouring passages name much the same things, and would fill the sources with one document.
 * Passages that only mention a bridge are not candidates: ranked as a list of their own they
 * pushed other documents' best passages above a long document's answer, and added no second hop
 * that the pages did not (tuning halves, docs/figures.md). The first pages reached are sources in
 * turn, for a third hop ("the label that released the album of the singer of …"); their pages come
 * after the second hop's.
 */
export async function bridgePages(store: KnowledgeStore, ranked: string[], questionEntities: Set<string>, scope: string[] | null): Promise<string[]> {
  const sources = await bestOfEachDocument(store, ranked.slice(0, SOURCE_WINDOW), BRIDGE_SOURCES);
  const second = await hop(store, sources, questionEntities, new Set(sources), scope);
  const further = second.pages.slice(0, THIRD_HOP_SOURCES);
  if (further.length === 0) return second.pages;
  const third = await hop(store, further, new Set([...questionEntities, ...second.bridges]), new Set([...sources, ...second.pages]), scope);
  return [...second.pages, ...third.pages];
}

/** One hop: the pages of the names the sources hold, leaving out the names and passages given. */
async function hop(store: KnowledgeStore, sources: string[], knownEntities: Set<string>, knownPassages: Set<string>, scope: string[] | null): Promise<{ pages: string[]; bridges: string[] }> {
  const rows = await store.namedEntitiesOfChunks(sources);
  const bySource = sources.map((id) => rows.filter((r) => r.chunkId === id).sort((a, b) => b.count - a.count));
  const bridges: StoredEntity[] = [];
  const take = (entity: StoredEntity | undefined): void => {
    if (entity && !knownEntities.has(entity.id) && !bridges.some((b) => b.id === entity.id)) bridges.push(entity);
  };
  // The best source's names first, most mentioned first; then the first names of every other
  // source: a question that compares two chains ("the director of X or the director of Y")
  // needs a bridge from each, and the best source's names alone would fill the list.
  for (const { entity } of bySource.flat()) {
    if (bridges.length >= BRIDGE_ENTITIES) break;
    take(entity);
  }
  for (const list of bySource.slice(1)) for (const row of list.slice(0, SOURCE_EXTRA)) take(row.entity);
  // A name made only of common words ("United States") bridges to nothing in particular, and
  // searching for it reads long posting lists; only a name's selective words are searched.
  const names = bridges.map((b) => uniqueTerms(b.name));
  const stats = await store.termStats(names.flat());
  const selective = (t: string): boolean => (stats.docFrequency.get(t) ?? 0) <= commonLimit(stats.chunkCount, BRIDGE_TERM_SHARE);
  const found = await Promise.all(
    names.map((terms) => (terms.some(selective) ? store.searchText(terms.filter(selective), sources.length + BRIDGE_CANDIDATES, scope) : Promise.resolve([]))),
  );
  const candidates = await store.getChunks([...new Set(found.flat().map((r) => r.chunkId))]);
  const titles = await documentTitles(store, candidates.map((c) => c.documentId));
  const keyOf = new Map(candidates.map((c) => [c.id, titleKey(titles.get(c.documentId) ?? '')]));
  const pages: string[] = [];
  found.forEach((rows, i) => {
    const page = rows.find((r) => !knownPassages.has(r.chunkId) && keyOf.get(r.chunkId) === bridges[i]?.key);
    if (page && !pages.includes(page.chunkId)) pages.push(page.chunkId);
  });
  return { pages, bridges: bridges.map((b) => b.id) };
}

/** The first `count` passages of distinct documents, in rank order. */
async function bestOfEachDocument(store: KnowledgeStore, ranked: string[], count: number): Promise<string[]> {
  const documentOf = new Map((await store.getChunks(ranked)).map((c) => [c.id, c.documentId]));
  const seen = new Set<string>();
  return ranked
    .filter((id) => {
      const document = documentOf.get(id) ?? id;
      if (seen.has(document)) return false;
      seen.add(document);
      return true;
    })
    .slice(0, count);
}
