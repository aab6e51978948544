import type { ChunkingConfig } from '../config';
import { isKbError } from '../errors';
import { newId, nowIso } from '../ids';
import type { ChunkRecord, DocumentRecord, JobErrorDetails, JobRecord } from '../model';
import type { ChunkWrite, Embedder, Extractor, KnowledgeStore } from '../ports';
import type { KnowledgeGraph } from '../graph/knowledge-graph';
import { analyze } from '../text/analyze';
import { chunkText } from './chunker';
import { advance } from './job-progress';

export interface IngestDeps {
  store: KnowledgeStore;
  graph: KnowledgeGraph;
  extractor: Extractor;
  embedder: Embedder | null;
  chunking: ChunkingConfig;
  /** Aborted when the engine stops: the job is left as it is and resumes at the next start. */
  signal: AbortSignal;
}

const BATCH = 128;
const PROGRESS_EVERY_MS = 200;

/**
 * Runs one insert job through chunking, extracting and storing. The document becomes visible to
 * retrieval only when every batch is written, so a crash never leaves half a document searchable.
 */
export async function ingestDocument(deps: IngestDeps, initial: JobRecord): Promise<JobRecord> {
  let job = initial;
  let stage: JobErrorDetails['stage'] = 'chunking';
  let lastSave = 0;
  const save = async (next: JobRecord, force = false): Promise<void> => {
    job = next;
    const now = Date.now();
    if (force || now - lastSave >= PROGRESS_EVERY_MS) {
      lastSave = now;
      await deps.store.updateJob(job);
    }
  };

  const { content, title, tags, metadata } = job.payload;
  const documentId = job.documentId ?? newId('doc');
  try {
    await save({ ...advance(job, 'chunking', 0.02, 'Splitting the text into chunks'), documentId }, true);
    const spans = chunkText(content, deps.chunking);
    const chunks: ChunkRecord[] = spans.map((span, ordinal) => ({
      id: newId('chk'),
      documentId,
      ordinal,
      text: content.slice(span.start, span.end),
      start: span.start,
      end: span.end,
      page: null,
      section: null,
    }));

    stage = 'extracting';
    await save(advance(job, 'extracting', 0.05, `Extracting facts from ${chunks.length} chunks`), true);
    const writes: ChunkWrite[] = [];
    for (const [i, chunk] of chunks.entries()) {
      deps.signal.throwIfAborted();
      const extraction = await deps.extractor.extract(chunk.text);
      writes.push({ chunk, vector: null, terms: analyze(chunk.text), ...extraction });
      await save(advance(job, 'extracting', 0.05 + 0.6 * ((i + 1) / chunks.length), `Extracted facts from ${i + 1} of ${chunks.length} chunks`));
    }

    stage = 'storing';
    await save(advance(job, 'storing', 0.65, 'Writing chunks, vectors and facts'), true);
    const doc: DocumentRecord = {
      id: documentId,
      title,
      tags,
      metadata,
      source: 'insert',
      mimeType: 'text/plain',
      byteSize: Buffer.byteLength(content),
      charCount: content.length,
      chunkCount: 0,
      factCount: 0,
      state: 'indexing',
      createdAt: nowIso(),
    };
    await deps.store.beginDocument(doc);
    const index = deps.embedder ? await deps.store.ensureVectorIndex(deps.embedder.id, deps.embedder.dimensions) : null;
    let factCount = 0;
    const written: Awaited<ReturnType<KnowledgeStore['writeChunkBatch']>>[] = [];
    for (let start = 0; start < writes.length; start += BATCH) {
      deps.signal.throwIfAborted();
      const batch = writes.slice(start, start + BATCH);
      if (deps.embedder) {
        // Embeddings are computed before the write so the transaction itself never awaits.
        const vectors = await deps.embedder.embed(batch.map((w) => w.chunk.text));
        batch.forEach((w, i) => (w.vector = vectors[i] ?? null));
      }
      const result = await deps.store.writeChunkBatch(documentId, index, batch);
      factCount += result.facts.length;
      written.push(result);
      await save(advance(job, 'storing', 0.65 + 0.33 * ((start + batch.length) / writes.length), `Stored ${start + batch.length} of ${writes.length} chunks`));
    }
    await deps.store.finishDocument(documentId, { chunkCount: chunks.length, factCount });
    for (const result of written) deps.graph.add(result.entities, result.facts);

    const done = advance(job, 'completed', 1, `Completed: ${chunks.length} chunks, ${factCount} facts`);
    await save({ ...done, data: { facts_extracted: factCount, chunks_created: chunks.length, document_id: documentId } }, true);
  } catch (error) {
    if (deps.signal.aborted) return job;
    await deps.store.deleteDocument(documentId).catch(() => null);
    const failed = advance(job, 'failed', job.progress, 'Failed');
    const errorDetails: JobErrorDetails = {
      code: isKbError(error) ? error.code : 'ingest_failed',
      message: error instanceof Error ? error.message : String(error),
      stage,
    };
    await save({ ...failed, errorDetails }, true);
  }
  return job;
}
