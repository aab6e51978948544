/**
 * Stores a set's documents and waits for every job to end: texts through POST /insert/bulk,
 * files through POST /upload (parsed by their type, as a user's dropped files are).
 */
import { uploadPath } from '../../src/client/node';
import type { KbClient } from '../../src/client/index';
import type { CorpusDocument } from './quality-sets';

export interface IngestFigures {
  documents: number;
  chunks: number;
  facts: number;
  seconds: number;
  /** Stored title of each uploaded file, by the title the set gave it (a parser may title it by its heading). */
  titles: Map<string, string>;
  /** Stored document id of each uploaded file, by the title the set gave it. */
  uploaded: Map<string, string>;
}

export async function ingestCorpus(client: KbClient, documents: readonly CorpusDocument[], log: (line: string) => void): Promise<IngestFigures> {
  const start = performance.now();
  const texts = documents.filter((d) => d.file === undefined);
  const files = documents.flatMap((d) => (d.file === undefined ? [] : [{ path: d.file, title: d.title }]));
  const titles = new Map<string, string>();
  const uploaded = new Map<string, string>();
  let chunks = 0;
  let facts = 0;
  if (texts.length > 0) {
    const { job_ids } = await client.bulkInsert(texts.map((d) => ({ title: d.title, content: d.content })));
    // Jobs run roughly in order, so waiting for them in order polls each finished one only once.
    for (const [i, id] of job_ids.entries()) {
      const job = await client.waitForJob(id, { intervalMs: 50 });
      if (job.status !== 'completed') throw new Error(`'${texts[i]?.title}' failed to ingest: ${JSON.stringify(job.error_details ?? job)}`);
      chunks += job.data?.chunks_created ?? 0;
      facts += job.data?.facts_extracted ?? 0;
      if ((i + 1) % 200 === 0) log(`  ${i + 1}/${job_ids.length} documents stored`);
    }
  }
  for (const file of files) {
    const upload = await client.waitForUpload((await uploadPath(client, file.path)).upload_id, { intervalMs: 50 });
    if (upload.status !== 'completed' || !upload.document_id) throw new Error(`'${file.path}' failed to upload: ${JSON.stringify(upload)}`);
    titles.set(file.title, (await client.getDocument(upload.document_id)).title);
    uploaded.set(file.title, upload.document_id);
    chunks += upload.chunks_created ?? 0;
    facts += upload.facts_extracted ?? 0;
  }
  return { documents: documents.length, chunks, facts, seconds: (performance.now() - start) / 1000, titles, uploaded };
}
