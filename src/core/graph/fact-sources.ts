import type { ChunkRecord, ResolvedFact } from '../model';
import type { KnowledgeStore } from '../ports';
import { documentTitles } from '../retrieval/document-titles';

/** Where a fact was read: its passage, and the sentence inside it to highlight. */
export interface FactSource {
  documentId: string;
  title: string;
  chunkId: string;
  page: number | null;
  row: number | null;
  section: string | null;
  sentenceStart: number;
  sentenceEnd: number;
}

/** Where a passage is: its document's title, page, row and section. */
export function passagePlace(chunk: ChunkRecord | undefined, documentId: string, titles: Map<string, string>): Omit<FactSource, 'chunkId' | 'sentenceStart' | 'sentenceEnd'> {
  return { documentId, title: titles.get(documentId) ?? 'Untitled', page: chunk?.page ?? null, row: chunk?.row ?? null, section: chunk?.section ?? null };
}

/** Each fact with the passage and sentence it was read from. */
export async function withSources(store: KnowledgeStore, facts: ResolvedFact[], titles: Map<string, string>): Promise<(ResolvedFact & { source: FactSource })[]> {
  const chunks = new Map((await store.getChunks([...new Set(facts.map((f) => f.chunkId))])).map((c) => [c.id, c]));
  for (const [id, title] of await documentTitles(store, facts.map((f) => f.documentId), titles)) titles.set(id, title);
  return facts.map((f) => ({
    ...f,
    source: { ...passagePlace(chunks.get(f.chunkId), f.documentId, titles), chunkId: f.chunkId, sentenceStart: f.sentenceStart, sentenceEnd: f.sentenceEnd },
  }));
}
