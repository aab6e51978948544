import type { DocumentRecord, ResolvedFact } from '../model';
import type { KnowledgeStore, Page } from '../ports';
import { resolveFacts } from '../retrieval/retrieve';

/** A fact with the sentence it was read from, as the document's reader sees it. */
export interface DocumentFact extends ResolvedFact {
  sentence: string;
}

/**
 * One page of the facts read from a document, in reading order, each with its sentence cut from
 * the stored chunk text (facts keep the sentence's offsets inside their chunk, not a copy of it).
 */
export async function documentFacts(store: KnowledgeStore, document: DocumentRecord, page: Page): Promise<{ facts: DocumentFact[]; total: number }> {
  const { facts, total } = await store.factsOfDocument(document.id, page);
  const resolved = await resolveFacts(store, facts);
  const chunks = new Map((await store.getChunks([...new Set(facts.map((f) => f.chunkId))])).map((c) => [c.id, c.text]));
  return {
    facts: resolved.map((f) => ({ ...f, sentence: (chunks.get(f.chunkId) ?? '').slice(f.sentenceStart, f.sentenceEnd).trim() })),
    total,
  };
}
