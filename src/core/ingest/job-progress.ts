import type { JobRecord, JobStatus } from '../model';

const ORDER: Record<JobStatus, number> = {
  pending: 0,
  chunking: 1,
  extracting: 2,
  storing: 3,
  completed: 4,
  failed: 5,
};

/**
 * Moves a job forward only: a status never goes back (a resumed job re-runs its stages without
 * showing them again) and progress never decreases; 1.0 is kept for `completed`.
 */
export function advance(job: JobRecord, status: JobStatus, progress: number, message: string): JobRecord {
  const nextStatus = ORDER[status] >= ORDER[job.status] ? status : job.status;
  const cap = nextStatus === 'completed' ? 1 : 0.99;
  return {
    ...job,
    status: nextStatus,
    progress: Math.max(job.progress, Math.min(cap, Math.round(progress * 1000) / 1000)),
    message,
    updatedAt: new Date().toISOString(),
  };
}
