import { newId } from '../ids';
import type { JobRecord } from '../model';
import { ingestBatch } from './ingest-batch';
import { ingestDocument, type DocumentSource, type IngestDeps } from './ingest-document';
import { advance } from './job-progress';

/** Inserted texts up to this many characters may share a turn of the queue with others. */
const SMALL_INSERT_CHARS = 64 * 1024;
/**
 * A group's text and job count: each commit rewrites every index page its rows touch, so a few
 * documents to a transaction write far fewer pages than one each, while one group's write still
 * holds the thread no longer than a large document's batch.
 */
const GROUP_CHARS = 64 * 1024;
const GROUP_JOBS = 32;

/**
 * Small inserts waiting on the queue, in the order they were queued. The first of them to get a
 * turn takes the others that fit with it; their own turns, later, find them taken.
 */
export class InsertGroups {
  private readonly waiting = new Map<string, number>();
  private waitingChars = 0;
  private readonly taken = new Set<string>();

  add(jobId: string, chars: number): void {
    if (chars > SMALL_INSERT_CHARS) return;
    this.waiting.set(jobId, chars);
    this.waitingChars += chars;
  }

  /**
   * The jobs to run together with this one (itself first); `taken` when a group already holds it,
   * null when it is not a small insert waiting (it runs alone). Call `release` when the group is done.
   */
  claim(jobId: string): string[] | 'taken' | null {
    if (this.taken.has(jobId)) return 'taken';
    const first = this.waiting.get(jobId);
    if (first === undefined) return null;
    // Extraction and writing overlap only between groups: with none under way the first group is
    // one job, so the extractor starts at once, and a group leaves at least half of what waits to
    // the next one, so a burst does not end with one large group written after the extractor is done.
    const budget = this.taken.size === 0 ? first : Math.min(GROUP_CHARS, Math.max(first, this.waitingChars / 2));
    const group = [jobId];
    let chars = first;
    this.waiting.delete(jobId);
    for (const [id, size] of this.waiting) {
      if (group.length >= GROUP_JOBS || chars + size > budget) break;
      group.push(id);
      chars += size;
    }
    for (const id of group) {
      this.waitingChars -= this.waiting.get(id) ?? 0;
      this.waiting.delete(id);
      this.taken.add(id);
    }
    this.waitingChars -= first;
    return group;
  }

  release(jobIds: readonly string[]): void {
    for (const id of jobIds) this.taken.delete(id);
  }
}

/**
 * Runs several insert jobs as one batch: one extraction request and one transaction, in which each
 * job is completed with its document, so a crash leaves every job of the group either done with its
 * document or unfinished with none (and it runs again at the next start). A failure of the batch as
 * a whole is retried job by job, so each job fails for its own reason.
 */
export async function ingestJobsTogether(deps: IngestDeps, jobs: readonly { job: JobRecord; source: DocumentSource }[]): Promise<void> {
  const items = jobs.map(({ job, source }) => ({ job, documentId: newId('doc'), source }));
  const byDocument = new Map(items.map((item) => [item.documentId, item.job]));
  const completed = (written: { documentId: string; chunks: number; facts: number }[]): JobRecord[] =>
    written.flatMap(({ documentId, chunks, facts }) => {
      const job = byDocument.get(documentId);
      if (!job) return [];
      const done = advance(job, 'completed', 1, `Completed: ${chunks} chunks, ${facts} facts`);
      return [{ ...done, documentId, data: { facts_extracted: facts, chunks_created: chunks, document_id: documentId } }];
    });
  let outcomes;
  try {
    outcomes = await ingestBatch(deps, items, (written) => ({ jobs: completed(written) }));
  } catch {
    if (deps.signal.aborted) return;
    for (const { job, source } of items) {
      // A failure after the write (the graph's update) leaves the group's jobs completed.
      const current = await deps.store.getJob(job.id);
      if (current && current.status !== 'completed' && current.status !== 'failed') await ingestDocument(deps, current, source);
    }
    return;
  }
  for (const outcome of outcomes) {
    const job = byDocument.get(outcome.documentId);
    if (job && outcome.status === 'failed') {
      await deps.store.updateJob({ ...advance(job, 'failed', job.progress, 'Failed'), errorDetails: { ...outcome.error, stage: 'chunking' } });
    }
  }
}
