/**
 * Ingest throughput: documents go in through the knowledge base's insert (as the API would put
 * them), in batches, until the stored chunk count reaches the target. Only insert + processing is
 * timed; building the next batch of documents is not, so the figure is the pipeline's own.
 */
import type { KnowledgeBase } from '../src/core/knowledge-base';
import type { Engine } from '../src/core/engine';
import type { GeneratedDocument } from './corpus';

export interface IngestResult {
  targetChunks: number;
  chunks: number;
  documents: number;
  bytes: number;
  facts: number;
  seconds: number;
  /** CPU time of the whole process (all threads) while ingesting: steadier than wall time on a busy machine. */
  cpuSeconds: number;
  mbPerSecond: number;
  chunksPerSecond: number;
  failedJobs: number;
}

const BATCH_DOCUMENTS = 50;

export async function ingestToTarget(engine: Engine, kb: KnowledgeBase, nextDocument: () => GeneratedDocument, targetChunks: number, onProgress?: (chunks: number) => void): Promise<IngestResult> {
  let chunks = 0;
  let documents = 0;
  let bytes = 0;
  let facts = 0;
  let failedJobs = 0;
  let ms = 0;
  let cpuMicros = 0;
  let expected = 0;
  while (chunks < targetChunks) {
    // The chunker's count is known in advance, so the last batch stops near the target
    // instead of overshooting by a whole batch.
    const batch: GeneratedDocument[] = [];
    // At least one document per round, in case the prediction ever runs ahead of the stored count.
    while (batch.length < BATCH_DOCUMENTS && (expected < targetChunks || batch.length === 0)) {
      const doc = nextDocument();
      batch.push(doc);
      expected += doc.expectedChunks;
    }

    const start = performance.now();
    const cpuStart = process.cpuUsage();
    const jobs = await kb.insert(batch.map((d) => d.request));
    await engine.idle();
    ms += performance.now() - start;
    const cpu = process.cpuUsage(cpuStart);
    cpuMicros += cpu.user + cpu.system;

    // The stored count is what the jobs report, not what the chunker predicted.
    for (const job of jobs) {
      const done = await kb.getJob(job.id);
      if (done.status !== 'completed' || !done.data) {
        failedJobs++;
        continue;
      }
      chunks += done.data.chunks_created;
      facts += done.data.facts_extracted;
    }
    documents += batch.length;
    bytes += batch.reduce((sum, d) => sum + d.bytes, 0);
    if (failedJobs > 0) throw new Error(`${failedJobs} insert jobs failed; the figures would be meaningless`);
    onProgress?.(chunks);
  }
  const seconds = ms / 1000;
  return { targetChunks, chunks, documents, bytes, facts, seconds, cpuSeconds: cpuMicros / 1e6, mbPerSecond: bytes / 1e6 / seconds, chunksPerSecond: chunks / seconds, failedJobs };
}
