import { nowIso } from '../ids';
import type { ChunkRecord, JobErrorDetails } from '../model';
import type { BatchRecords, ChunkWrite, WholeDocument } from '../ports';
import { followMerges } from '../graph/follow-merges';
import { repairAfterDelete } from '../graph/repair-after-delete';
import { partStarts, type PartResult } from './chunk-parts';
import { DocumentResolver } from './document-resolution';
import { chunkRecords, chunkWrite, documentRecord, embedWrites, extractParts, jobError } from './document-steps';
import type { DocumentSource, IngestDeps } from './ingest-document';
import { structuredFactsByChunk } from './structured-facts';
import { titleTerms } from '../text/searched-title';

/** One small document of a batch, under the id it is stored as (a stored one is replaced). */
export interface BatchItem {
  documentId: string;
  source: DocumentSource;
}

export type BatchOutcome =
  | { status: 'completed'; documentId: string; chunks: number; facts: number }
  | { status: 'failed'; documentId: string; error: JobErrorDetails };

/** The job and file records to save with a batch's write, given each written document's outcome. */
export type BatchRecordsOf = (written: Extract<BatchOutcome, { status: 'completed' }>[]) => BatchRecords;

/**
 * Ingests several small documents as one (a folder's files, queued inserts): their chunks go to the
 * extractor in one request, and every document is written whole and ready in one transaction, so a
 * document of a few kilobytes no longer pays for a request, a queue turn and several commits of its own. A document that cannot
 * be parsed fails alone; a failure of the batch itself (the extractor, the write) is thrown, and
 * nothing of the batch is stored.
 */
export async function ingestBatch(
  deps: IngestDeps,
  items: readonly BatchItem[],
  records?: BatchRecordsOf,
): Promise<BatchOutcome[]> {
  const outcomes = new Map<string, BatchOutcome>();
  const loaded: { item: BatchItem; whole: WholeDocument; parts: { chunk: ChunkRecord; from: number }[]; facts: ReturnType<typeof structuredFactsByChunk> }[] = [];
  for (const item of items) {
    try {
      const { text, drafts, structuredFacts } = await item.source.load(deps.chunking);
      const chunks = chunkRecords(item.documentId, text, drafts);
      const starts = partStarts(chunks);
      loaded.push({
        item,
        whole: { doc: documentRecord(item.documentId, item.source, text.length), writes: [] },
        parts: chunks.map((chunk, k) => ({ chunk, from: (starts[k] ?? chunk.start) - chunk.start })),
        facts: structuredFactsByChunk(drafts, structuredFacts),
      });
    } catch (error) {
      deps.signal.throwIfAborted();
      outcomes.set(item.documentId, { status: 'failed', documentId: item.documentId, error: jobError(error, 'parsing') });
    }
  }

  const results = await extractParts(deps.extractor, loaded.flatMap((l) => l.parts));
  deps.signal.throwIfAborted();
  let at = 0;
  for (const { item, whole, parts, facts } of loaded) {
    const own = results.slice(at, at + parts.length);
    at += parts.length;
    const titled = titleTerms(item.source.title);
    whole.writes = parts.map(({ chunk }, k): ChunkWrite => chunkWrite(chunk, own[k] as PartResult, k > 0 ? (own[k - 1] ?? null) : null, titled, facts.get(chunk.ordinal)));
    // Surnames and acronyms resolve against what the document's earlier chunks named.
    new DocumentResolver().resolveBatch(whole.writes);
  }
  // Each step below holds the thread for tens of milliseconds: requests are let in between.
  await deps.turn();
  const documents = loaded.map((l) => l.whole);
  const index = deps.embedder ? await deps.store.ensureVectorIndex(deps.embedder.id, deps.embedder.dimensions) : null;
  if (deps.embedder) await embedWrites(deps.embedder, documents.flatMap((d) => d.writes));
  await deps.turn();
  deps.signal.throwIfAborted();

  const completed = (factCounts: readonly number[]): Extract<BatchOutcome, { status: 'completed' }>[] =>
    documents.map(({ doc, writes }, k) => ({ status: 'completed', documentId: doc.id, chunks: writes.length, facts: factCounts[k] ?? 0 }));
  const { written, factCounts, removed } = await deps.store.writeDocuments(documents, index, nowIso(), records && ((counts) => records(completed(counts))));
  // The graph follows as after a replace or an insert (the old content's merges undone first), before
  // any request is let in: the write marked the jobs completed, and a completed job's entities are in the graph.
  for (const gone of removed) await repairAfterDelete(deps.store, deps.graph, gone);
  deps.graph.add(written.entities, written.facts);
  await followMerges(deps.store, deps.graph, written.remapped);
  await deps.turn();
  for (const outcome of completed(factCounts)) outcomes.set(outcome.documentId, outcome);
  return items.map((item) => outcomes.get(item.documentId) as BatchOutcome);
}
