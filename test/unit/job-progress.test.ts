import { describe, expect, it } from 'vitest';
import { advance } from '../../src/core/ingest/job-progress';
import type { JobRecord } from '../../src/core/model';

const job: JobRecord = {
  id: 'job_1',
  kind: 'insert',
  status: 'storing',
  progress: 0.7,
  message: '',
  documentId: null,
  data: null,
  errorDetails: null,
  createdAt: '',
  updatedAt: '',
};

describe('advance', () => {
  it('never moves a status backwards or lowers progress (a resumed job re-runs quietly)', () => {
    const resumed = advance(job, 'chunking', 0.02, 'Splitting');
    expect(resumed.status).toBe('storing');
    expect(resumed.progress).toBe(0.7);
  });

  it('keeps 1.0 for completed only', () => {
    expect(advance(job, 'storing', 1, '').progress).toBe(0.99);
    expect(advance(job, 'completed', 1, '').progress).toBe(1);
  });

  it('lets any stage fail', () => {
    expect(advance(job, 'failed', 0.7, 'x').status).toBe('failed');
  });
});
