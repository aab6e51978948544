import type { KnowledgeStore } from '../../core/ports';
import type { JobRecord } from '../../core/model';
import type { Db } from './open-database';
import { fromJob, toJob, type JobRow } from './rows';

export function createJobQueries(db: Db): Pick<KnowledgeStore, 'createJobs' | 'updateJob' | 'getJob' | 'listUnfinishedJobs'> {
  const s = {
    insert: db.prepare(
      `INSERT INTO jobs (id, kind, status, progress, message, payload, document_id, data, error_details, created_at, updated_at)
       VALUES (@id, @kind, @status, @progress, @message, @payload, @document_id, @data, @error_details, @created_at, @updated_at)`,
    ),
    // The payload is written once at creation; updates never rewrite up to 10 MB of content.
    update: db.prepare(
      `UPDATE jobs SET status = @status, progress = @progress, message = @message, document_id = @document_id,
       data = @data, error_details = @error_details, updated_at = @updated_at WHERE id = @id`,
    ),
    get: db.prepare<[string], JobRow>('SELECT * FROM jobs WHERE id = ?'),
    unfinished: db.prepare<[], JobRow>(
      "SELECT * FROM jobs WHERE status NOT IN ('completed', 'failed') ORDER BY created_at, id",
    ),
  };
  const insertAll = db.transaction((jobs: JobRecord[]) => {
    for (const job of jobs) s.insert.run(fromJob(job));
  });
  return {
    createJobs: async (jobs) => insertAll(jobs),
    updateJob: async (job) => {
      const { payload: _payload, kind: _kind, created_at: _created, ...row } = fromJob(job);
      s.update.run(row);
    },
    getJob: async (id) => {
      const row = s.get.get(id);
      return row ? toJob(row) : null;
    },
    listUnfinishedJobs: async () => s.unfinished.all().map(toJob),
  };
}
