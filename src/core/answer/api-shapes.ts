import type { ChunkOut, FactOut, FolderFileRef, SourceRef } from '../../shared/api-types';
import type { ResolvedFact } from '../model';
import type { RetrievedChunk } from '../retrieval/retrieve';

/** Maps engine records to the API's snake_case shapes. */
export function factOut(fact: ResolvedFact, titles: Map<string, string>): FactOut {
  return {
    fact_id: fact.id,
    subject: fact.subject,
    predicate: fact.predicate,
    object: fact.object,
    kind: fact.kind,
    confidence: Math.round(fact.confidence * 100) / 100,
    source: { document_id: fact.documentId, title: titles.get(fact.documentId) ?? 'Untitled', chunk_id: fact.chunkId },
  };
}

/** The watched file of each document that is one (see documentFiles). */
export type DocumentFiles = ReadonlyMap<string, FolderFileRef>;

const fileOf = (files: DocumentFiles, documentId: string): { source?: FolderFileRef } => {
  const file = files.get(documentId);
  return file ? { source: file } : {};
};

export function chunkOut(retrieved: RetrievedChunk, titles: Map<string, string>, files: DocumentFiles = new Map()): ChunkOut {
  const c = retrieved.chunk;
  return {
    chunk_id: c.id,
    document_id: c.documentId,
    title: titles.get(c.documentId) ?? 'Untitled',
    text: c.text,
    score: Math.round(retrieved.score * 10000) / 10000,
    page: c.page,
    section: c.section,
    row: c.row,
    start: c.start,
    end: c.end,
    ...fileOf(files, c.documentId),
  };
}

export function sourceOut(retrieved: RetrievedChunk, titles: Map<string, string>, files: DocumentFiles = new Map()): SourceRef {
  return {
    title: titles.get(retrieved.chunk.documentId) ?? 'Untitled',
    chunk_id: retrieved.chunk.id,
    document_id: retrieved.chunk.documentId,
    page: retrieved.chunk.page,
    section: retrieved.chunk.section,
    row: retrieved.chunk.row,
    ...fileOf(files, retrieved.chunk.documentId),
  };
}
