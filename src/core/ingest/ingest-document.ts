import type { ChunkingConfig } from '../config';
import { newId, nowIso } from '../ids';
import type { ChunkRecord, JobErrorDetails, JobRecord, JsonObject } from '../model';
import type { BatchWriteResult, ChunkWrite, Embedder, Extractor, KnowledgeStore } from '../ports';
import { followMerges } from '../graph/follow-merges';
import { repairAfterDelete } from '../graph/repair-after-delete';
import type { KnowledgeGraph } from '../graph/knowledge-graph';
import type { StructuredFact } from '../parse/types';
import type { DraftedDocument } from './chunk-drafts';
import { partStarts, type PartResult } from './chunk-parts';
import { chunkRecords, chunkWrite, documentRecord, embedWrites, extractParts, jobError } from './document-steps';
import { DocumentResolver } from './document-resolution';
import { advance } from './job-progress';
import { structuredFactsByChunk } from './structured-facts';
import { titleTerms } from '../text/searched-title';

/** What a job ingests: its metadata, and a way to get its text cut into chunk drafts. */
export interface DocumentSource {
  kind: 'insert' | 'upload' | 'folder';
  title: string;
  tags: string[];
  metadata: JsonObject;
  mimeType: string;
  byteSize: number;
  memory: boolean;
  uploadId: string | null;
  /** A document whose content this one replaces, keeping that id (a watched file that changed). */
  replaces?: string | null;
  load(chunking: ChunkingConfig): Promise<DraftedDocument & { structuredFacts: StructuredFact[] }>;
}

export interface IngestDeps {
  store: KnowledgeStore;
  graph: KnowledgeGraph;
  extractor: Extractor;
  embedder: Embedder | null;
  chunking: ChunkingConfig;
  /** Aborted when the engine stops: the job is left as it is and resumes at the next start. */
  signal: AbortSignal;
  /** Where progress goes; the job's stored record when absent (folder files keep their own state). */
  saveJob?: (job: JobRecord) => Promise<void>;
  /** Waits between steps that hold the main thread: a later turn of the event loop, after the questions being prepared. */
  turn(): Promise<void>;
}

const BATCH = 128;
const PROGRESS_EVERY_MS = 200;

/**
 * Runs one insert job through chunking, extracting and storing. The document becomes visible to
 * retrieval only when every batch is written, so a crash never leaves half a document searchable.
 * Status is `extracting` while batches are extracted (and the earlier ones written), `storing`
 * for the last batch's write. Only the start and the end are always saved; the stages between at
 * most every 200 ms, since a small document passes them all in less (each save is a commit).
 */
export async function ingestDocument(deps: IngestDeps, initial: JobRecord, source: DocumentSource): Promise<JobRecord> {
  let job = initial;
  let stage: JobErrorDetails['stage'] = 'chunking';
  let lastSave = 0;
  const save = async (next: JobRecord, force = false): Promise<void> => {
    job = next;
    const now = Date.now();
    if (force || now - lastSave >= PROGRESS_EVERY_MS) {
      lastSave = now;
      await (deps.saveJob ? deps.saveJob(job) : deps.store.updateJob(job));
    }
  };

  const documentId = job.documentId ?? newId('doc');
  // A job cut off after its document was finished but before its own end was saved: a restart
  // deletes only half-written (indexing) documents, so this one is whole and the job is done.
  const finished = job.documentId ? await deps.store.getDocument(job.documentId) : null;
  if (finished && finished.state === 'ready') {
    const data = { facts_extracted: finished.factCount, chunks_created: finished.chunkCount, document_id: finished.id };
    await save({ ...advance(job, 'completed', 1, `Completed: ${finished.chunkCount} chunks, ${finished.factCount} facts`), data }, true);
    return job;
  }
  let begun = false;
  try {
    await save({ ...advance(job, 'chunking', 0.02, 'Splitting the text into chunks'), documentId }, true);
    stage = source.kind === 'upload' ? 'parsing' : 'chunking';
    const { text, drafts, structuredFacts } = await source.load(deps.chunking);
    stage = 'chunking';
    const chunks = chunkRecords(documentId, text, drafts);
    const factsByChunk = structuredFactsByChunk(drafts, structuredFacts);
    const doc = documentRecord(documentId, source, text.length);
    await deps.store.beginDocument(doc);
    begun = true;
    const index = deps.embedder ? await deps.store.ensureVectorIndex(deps.embedder.id, deps.embedder.dimensions) : null;

    stage = 'extracting';
    await save(advance(job, 'extracting', 0.05, `Extracting facts from ${chunks.length} chunks`));
    // Batches overlap: while one batch is embedded and written here, the extractor (on worker
    // threads when configured) already works on the next, so no core waits for the other.
    const titled = titleTerms(source.title);
    const starts = partStarts(chunks);
    const extractBatch = (start: number): Promise<PartResult[]> => {
      const pending = extractParts(deps.extractor, chunks.slice(start, start + BATCH).map((chunk, k) => ({ chunk, from: (starts[start + k] ?? chunk.start) - chunk.start })));
      // A batch abandoned because an earlier one failed must not surface as an unhandled rejection.
      pending.catch(() => undefined);
      return pending;
    };
    let factCount = 0;
    const written: BatchWriteResult[] = [];
    // Surnames and acronyms resolve against what the document's earlier chunks named.
    const resolver = new DocumentResolver();
    let next = chunks.length > 0 ? extractBatch(0) : null;
    let previous: PartResult | null = null;
    for (let start = 0; next; start += BATCH) {
      const parts = await next;
      deps.signal.throwIfAborted();
      next = start + BATCH < chunks.length ? extractBatch(start + BATCH) : null;
      const batch = parts.map((part, k): ChunkWrite => {
        const chunk = chunks[start + k] as ChunkRecord;
        return chunkWrite(chunk, part, k > 0 ? (parts[k - 1] ?? null) : previous, titled, factsByChunk.get(chunk.ordinal));
      });
      previous = parts[parts.length - 1] ?? null;
      if (!next) stage = 'storing';
      resolver.resolveBatch(batch);
      if (deps.embedder) await embedWrites(deps.embedder, batch);
      const result = await deps.store.writeChunkBatch(documentId, index, batch);
      factCount += result.facts.length;
      written.push(result);
      const doneChunks = start + batch.length;
      await save(advance(job, stage, 0.05 + 0.93 * (doneChunks / chunks.length), `Extracted and stored ${doneChunks} of ${chunks.length} chunks`));
      // When the next batch is already extracted (a CSV's rows are quick), awaiting it never
      // leaves the microtask queue, and the writes of a large file would keep every request
      // waiting (a 10,000-row CSV: 0.7–2.7 s without an answer to /health). Let them in between.
      await deps.turn();
    }
    const counts = { chunkCount: chunks.length, factCount };
    if (source.replaces) {
      // The old content goes and the new takes its id in one transaction; the graph follows.
      const removed = await deps.store.replaceDocument(source.replaces, documentId, counts, nowIso());
      if (removed) await repairAfterDelete(deps.store, deps.graph, removed);
    } else {
      await deps.store.finishDocument(documentId, counts);
    }
    for (const result of written) deps.graph.add(result.entities, result.facts);
    // After every add: a later batch's alias may have merged an entity an earlier batch added.
    await followMerges(deps.store, deps.graph, written.flatMap((r) => r.remapped));

    const done = advance(job, 'completed', 1, `Completed: ${chunks.length} chunks, ${factCount} facts`);
    await save({ ...done, data: { facts_extracted: factCount, chunks_created: chunks.length, document_id: source.replaces ?? documentId } }, true);
  } catch (error) {
    if (deps.signal.aborted) return job;
    // Only what this run began: a document of the same id stored before is not this run's to drop.
    if (begun) await deps.store.deleteDocument(documentId).catch(() => null);
    const failed = advance(job, 'failed', job.progress, 'Failed');
    const errorDetails = jobError(error, stage);
    await save({ ...failed, errorDetails }, true);
  }
  return job;
}

/** Resolves after the event loop has served whatever I/O is waiting. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
