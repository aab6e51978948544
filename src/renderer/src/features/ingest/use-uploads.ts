import { useCallback, useEffect, useRef, useState } from 'react';
import type { JobStatusResponse } from '../../../../shared/api-types';
import type { Api } from '../../api/desk-api';

export interface IngestItem {
  key: string;
  name: string;
  bytes: number;
  kind: 'file' | 'text';
  state: 'running' | 'completed' | 'failed';
  /** The job's stage: sending, pending, chunking, extracting, storing, completed, failed. */
  stage: string;
  progress: number;
  message: string;
  jobId: string | null;
  result?: { facts: number; chunks: number; documentId: string };
}

const POLL_MS = 400;
let counter = 0;

const STAGE_TEXT: Record<string, string> = {
  sending: 'Sending…',
  pending: 'Queued',
  chunking: 'Reading and splitting',
  extracting: 'Finding facts',
  storing: 'Indexing',
};

/**
 * Every dropped, picked or pasted item gets a row that follows its job until it completes or
 * fails: one poll loop for all rows, so many files do not mean many timers.
 */
export function useUploads(api: Api) {
  const [items, setItems] = useState<IngestItem[]>([]);
  const [completedCount, setCompletedCount] = useState(0);
  const live = useRef(items);
  live.current = items;

  const patch = (key: string, change: Partial<IngestItem>): void => setItems((all) => all.map((i) => (i.key === key ? { ...i, ...change } : i)));

  const start = useCallback(
    (name: string, bytes: number, kind: IngestItem['kind'], submit: () => Promise<string>) => {
      const key = `i${++counter}`;
      setItems((all) => [{ key, name, bytes, kind, state: 'running', stage: 'sending', progress: 0, message: STAGE_TEXT.sending ?? '', jobId: null }, ...all]);
      submit().then(
        (jobId) => patch(key, { jobId, stage: 'pending', message: 'Queued' }),
        (e: unknown) => patch(key, { state: 'failed', stage: 'failed', message: e instanceof Error ? e.message : String(e) }),
      );
    },
    [],
  );

  const addFiles = useCallback(
    (files: File[]) => {
      for (const file of files) {
        start(file.name, file.size, 'file', async () => {
          const { upload_id } = await api.upload(file);
          const { job_id } = await api.uploadStatus(upload_id);
          if (!job_id) throw new Error(`The server named no ingest job for ${file.name}`);
          return job_id;
        });
      }
    },
    [api, start],
  );

  const addText = useCallback(
    (title: string, content: string, tags: string[]) =>
      start(title || 'Untitled', new TextEncoder().encode(content).length, 'text', async () => (await api.insert({ content, title, tags })).job_id),
    [api, start],
  );

  useEffect(() => {
    const timer = window.setInterval(() => {
      for (const item of live.current) {
        if (item.state !== 'running' || !item.jobId) continue;
        api.jobStatus(item.jobId).then(
          (job) => {
            patch(item.key, fromJob(job));
            if (job.status === 'completed') setCompletedCount((n) => n + 1);
          },
          (e: unknown) => patch(item.key, { state: 'failed', stage: 'failed', message: e instanceof Error ? e.message : String(e) }),
        );
      }
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [api]);

  const clearFinished = useCallback(() => setItems((all) => all.filter((i) => i.state === 'running')), []);
  return { items, addFiles, addText, clearFinished, completedCount };
}

function fromJob(job: JobStatusResponse): Partial<IngestItem> {
  if (job.status === 'completed' && job.data) {
    const { facts_extracted, chunks_created, document_id } = job.data;
    return {
      state: 'completed',
      stage: 'completed',
      progress: 1,
      message: `Done: ${chunks_created} passages, ${facts_extracted} facts`,
      result: { facts: facts_extracted, chunks: chunks_created, documentId: document_id },
    };
  }
  if (job.status === 'failed') {
    const reason = job.error_details ? `${job.error_details.message} (while ${job.error_details.stage})` : (job.message ?? 'failed');
    return { state: 'failed', stage: 'failed', progress: job.progress, message: `Failed: ${reason}` };
  }
  return { stage: job.status, progress: job.progress, message: STAGE_TEXT[job.status] ?? job.message ?? job.status };
}

export type Uploads = ReturnType<typeof useUploads>;
