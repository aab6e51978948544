import type { KnowledgeStore } from '../ports';

/** Titles of the given documents, by id; documents deleted meanwhile are left out. */
export async function documentTitles(store: KnowledgeStore, documentIds: Iterable<string>): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  for (const id of new Set(documentIds)) {
    const doc = await store.getDocument(id);
    if (doc) titles.set(id, doc.title);
  }
  return titles;
}
