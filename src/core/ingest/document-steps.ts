import { isKbError } from '../errors';
import { newId, nowIso } from '../ids';
import type { ChunkRecord, DocumentRecord, JobErrorDetails } from '../model';
import type { ChunkWrite, Embedder, Extractor } from '../ports';
import { ParseFailure, type StructuredFact } from '../parse/types';
import { analyze } from '../text/analyze';
import { indexedText } from '../parse/row-text';
import type { ChunkDraft } from './chunk-drafts';
import { chunkExtraction, type PartResult } from './chunk-parts';
import type { DocumentSource } from './ingest-document';
import { withStructuredFacts } from './structured-facts';

/** The document's chunks, cut from its text where the drafts say. */
export function chunkRecords(documentId: string, text: string, drafts: readonly ChunkDraft[]): ChunkRecord[] {
  return drafts.map((draft, ordinal) => ({
    id: newId('chk'),
    documentId,
    ordinal,
    text: text.slice(draft.start, draft.end),
    start: draft.start,
    end: draft.end,
    page: draft.page,
    section: draft.section,
    row: draft.row,
  }));
}

/** The document's record as ingest begins it: `indexing`, counts still to come. */
export function documentRecord(id: string, source: DocumentSource, charCount: number): DocumentRecord {
  return {
    id,
    title: source.title,
    tags: source.tags,
    metadata: source.metadata,
    source: source.kind,
    mimeType: source.mimeType,
    byteSize: source.byteSize,
    charCount,
    chunkCount: 0,
    factCount: 0,
    state: 'indexing',
    memory: source.memory,
    uploadId: source.uploadId,
    createdAt: nowIso(),
  };
}

/**
 * One chunk's write: its own part's extraction with what the previous part found in the overlap,
 * its index terms (the title's too: a passage deep in a document about X rarely repeats X; and
 * its section's headings that its text does not repeat: a table under "Hotels" never says hotel),
 * and the facts the file states outright.
 */
export function chunkWrite(chunk: ChunkRecord, own: PartResult, previous: PartResult | null, titleTerms: readonly string[], facts: StructuredFact[] | undefined): ChunkWrite {
  const extracted = chunkExtraction(chunk, own, previous);
  const textTerms = own.terms ?? analyze(indexedText(chunk));
  const stated = new Set(textTerms);
  const heading = chunk.section ? [...new Set(analyze(chunk.section))].filter((t) => !stated.has(t)) : [];
  return withStructuredFacts({ chunk, vector: null, terms: [...titleTerms, ...heading, ...textTerms], ...extracted }, facts);
}

/**
 * Extracts the chunks' own parts (`from`: where the chunk's own part starts in its text; before
 * it lies the overlap), in one request to the extractor.
 */
export function extractParts(extractor: Extractor, parts: readonly { chunk: ChunkRecord; from: number }[]): Promise<PartResult[]> {
  if (extractor.extractAndAnalyze) {
    const chunks = parts.map(({ chunk, from }) => ({ text: chunk.text, from, indexed: chunk.row === null ? null : indexedText(chunk) }));
    return extractor.extractAndAnalyze(chunks).then((analysed) =>
      parts.map(({ chunk, from }, k): PartResult => {
        const one = analysed[k];
        return { at: chunk.start + from, result: one?.result ?? { entities: [], facts: [] }, terms: one?.terms };
      }),
    );
  }
  const texts = parts.map(({ chunk, from }) => chunk.text.slice(from));
  return (extractor.extractMany ? extractor.extractMany(texts) : Promise.all(texts.map((t) => extractor.extract(t)))).then((results) =>
    parts.map(({ chunk, from }, k): PartResult => ({ at: chunk.start + from, result: results[k] ?? { entities: [], facts: [] } })),
  );
}

/** Embeddings are computed before the write so the transaction itself never awaits. */
export async function embedWrites(embedder: Embedder, writes: ChunkWrite[]): Promise<void> {
  const vectors = embedder.embedTerms ? await embedder.embedTerms(writes.map((w) => w.terms)) : await embedder.embed(writes.map((w) => w.chunk.text));
  writes.forEach((w, i) => (w.vector = vectors[i] ?? null));
}

/** Why a job or a document failed, as its record says it. */
export function jobError(error: unknown, stage: JobErrorDetails['stage']): JobErrorDetails {
  return {
    code: error instanceof ParseFailure ? error.reason : isKbError(error) ? error.code : 'ingest_failed',
    message: error instanceof Error ? error.message : String(error),
    stage,
  };
}
