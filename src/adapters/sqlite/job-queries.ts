import type { KnowledgeStore } from '../../core/ports';
import type { DocumentInput, JobInput, JobRecord } from '../../core/model';
import type { Db } from './open-database';
import { fromJob, toJob, type JobRow } from './rows';

const COLUMNS = 'id, kind, status, progress, message, document_id, data, error_details, created_at, updated_at';

/** The one statement that creates a job, shared by inserts and uploads (which add it in their own transaction). */
export function prepareJobInsert(db: Db) {
  return db.prepare(
    `INSERT INTO jobs (id, kind, status, progress, message, payload, document_id, data, error_details, created_at, updated_at)
     VALUES (@id, @kind, @status, @progress, @message, @payload, @document_id, @data, @error_details, @created_at, @updated_at)`,
  );
}

/** Saves a job's state; a document's write uses it too, to complete its job in the same transaction. */
export function prepareJobUpdate(db: Db): (job: JobRecord) => void {
  // The input is read only while the job runs; a finished job drops it, or every document's text
  // would be stored twice (as the job's input and as its chunks).
  const update = db.prepare(
    `UPDATE jobs SET status = @status, progress = @progress, message = @message, document_id = @document_id,
     data = @data, error_details = @error_details, updated_at = @updated_at,
     payload = CASE WHEN @status IN ('completed', 'failed') THEN 'null' ELSE payload END
     WHERE id = @id`,
  );
  return (job) => {
    const { kind: _kind, created_at: _created, ...row } = fromJob(job);
    update.run(row);
  };
}

export const jobRow = (job: JobRecord, input: JobInput) => ({ ...fromJob(job), payload: JSON.stringify(input) });

export function createJobQueries(db: Db): Pick<KnowledgeStore, 'createJobs' | 'updateJob' | 'getJob' | 'getJobInput' | 'listUnfinishedJobs' | 'listRecentJobs'> {
  const updateJob = prepareJobUpdate(db);
  const s = {
    insert: prepareJobInsert(db),
    get: db.prepare<[string], JobRow>(`SELECT ${COLUMNS} FROM jobs WHERE id = ?`),
    input: db.prepare<[string], { payload: string }>('SELECT payload FROM jobs WHERE id = ?'),
    unfinished: db.prepare<[], JobRow>(
      `SELECT ${COLUMNS} FROM jobs WHERE status NOT IN ('completed', 'failed') ORDER BY created_at, id`,
    ),
    // Rows are only ever appended, so rowid order is creation order, and needs no index.
    recent: db.prepare<[number], JobRow>(`SELECT ${COLUMNS} FROM jobs ORDER BY rowid DESC LIMIT ?`),
  };
  const insertAll = db.transaction((jobs: { job: JobRecord; input: DocumentInput }[]) => {
    for (const { job, input } of jobs) s.insert.run(jobRow(job, input));
  });
  return {
    createJobs: async (jobs) => insertAll(jobs),
    updateJob: async (job) => updateJob(job),
    getJob: async (id) => {
      const row = s.get.get(id);
      return row ? toJob(row) : null;
    },
    getJobInput: async (id) => {
      const row = s.input.get(id);
      return row ? (JSON.parse(row.payload) as JobInput) : null;
    },
    listUnfinishedJobs: async () => s.unfinished.all().map(toJob),
    listRecentJobs: async (limit) => s.recent.all(limit).map(toJob),
  };
}
