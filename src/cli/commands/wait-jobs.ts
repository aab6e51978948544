import type { KbClient } from '../../client/kb-client';
import type { JobStatusResponse } from '../../client/types';
import { ProgressBars } from '../progress';

/** Waits for insert jobs, drawing a bar each; returns the final records in the same order. */
export async function waitWithBars(client: KbClient, jobs: { label: string; jobId: string }[], timeoutMs: number): Promise<JobStatusResponse[]> {
  const bars = new ProgressBars();
  const rows = jobs.map((j) => ({ ...j, bar: bars.add(j.label) }));
  return Promise.all(
    rows.map(({ jobId, bar }) =>
      client.waitForJob(jobId, {
        timeoutMs,
        onUpdate: (s) => bars.update(bar, { progress: s.progress, stage: s.status, done: s.status === 'completed', failed: s.status === 'failed' }),
      }),
    ),
  );
}
