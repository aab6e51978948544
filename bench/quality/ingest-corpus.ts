/** Stores a set's documents through POST /insert/bulk and waits for every job to end. */
import type { KbClient } from '../../src/client/index';
import type { CorpusDocument } from './quality-sets';

export interface IngestFigures {
  documents: number;
  chunks: number;
  facts: number;
  seconds: number;
}

export async function ingestCorpus(client: KbClient, documents: readonly CorpusDocument[], log: (line: string) => void): Promise<IngestFigures> {
  const start = performance.now();
  const { job_ids } = await client.bulkInsert(documents.map((d) => ({ title: d.title, content: d.content })));
  let chunks = 0;
  let facts = 0;
  // Jobs run roughly in order, so waiting for them in order polls each finished one only once.
  for (const [i, id] of job_ids.entries()) {
    const job = await client.waitForJob(id, { intervalMs: 50 });
    if (job.status !== 'completed') throw new Error(`'${documents[i]?.title}' failed to ingest: ${JSON.stringify(job.error_details ?? job)}`);
    chunks += job.data?.chunks_created ?? 0;
    facts += job.data?.facts_extracted ?? 0;
    if ((i + 1) % 200 === 0) log(`  ${i + 1}/${job_ids.length} documents stored`);
  }
  return { documents: job_ids.length, chunks, facts, seconds: (performance.now() - start) / 1000 };
}
