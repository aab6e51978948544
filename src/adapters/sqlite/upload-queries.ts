import type { KnowledgeStore } from '../../core/ports';
import type { JobRecord, UploadRecord } from '../../core/model';
import type { Db } from './open-database';
import { jobRow, prepareJobInsert } from './job-queries';

interface UploadRow {
  id: string;
  job_id: string;
  filename: string;
  mime_type: string;
  byte_size: number;
  save_to_memory: number;
  status: string;
  document_id: string | null;
  facts_extracted: number;
  chunks_created: number;
  error_details: string | null;
  created_at: string;
  updated_at: string;
}

const toUpload = (r: UploadRow): UploadRecord => ({
  id: r.id,
  jobId: r.job_id,
  filename: r.filename,
  mimeType: r.mime_type,
  byteSize: r.byte_size,
  saveToMemory: r.save_to_memory === 1,
  status: r.status === 'completed' ? 'completed' : r.status === 'failed' ? 'failed' : 'processing',
  documentId: r.document_id,
  factsExtracted: r.facts_extracted,
  chunksCreated: r.chunks_created,
  errorDetails: r.error_details === null ? null : (JSON.parse(r.error_details) as UploadRecord['errorDetails']),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const fromUpload = (u: UploadRecord) => ({
  id: u.id,
  job_id: u.jobId,
  filename: u.filename,
  mime_type: u.mimeType,
  byte_size: u.byteSize,
  save_to_memory: u.saveToMemory ? 1 : 0,
  status: u.status,
  document_id: u.documentId,
  facts_extracted: u.factsExtracted,
  chunks_created: u.chunksCreated,
  error_details: u.errorDetails === null ? null : JSON.stringify(u.errorDetails),
  created_at: u.createdAt,
  updated_at: u.updatedAt,
});

type UploadPart = Pick<KnowledgeStore, 'createUpload' | 'getUpload' | 'updateUpload' | 'getUploadBytes' | 'dropUploadBytes'>;

/** Uploads and their bytes; the bytes live in the database so a restart can still parse them. */
export function createUploadQueries(db: Db): UploadPart {
  const s = {
    insert: db.prepare(
      `INSERT INTO uploads (id, job_id, filename, mime_type, byte_size, save_to_memory, status, document_id, facts_extracted,
         chunks_created, error_details, created_at, updated_at)
       VALUES (@id, @job_id, @filename, @mime_type, @byte_size, @save_to_memory, @status, @document_id, @facts_extracted,
         @chunks_created, @error_details, @created_at, @updated_at)`,
    ),
    insertBytes: db.prepare('INSERT INTO upload_files (upload_id, bytes) VALUES (?, ?)'),
    insertJob: prepareJobInsert(db),
    get: db.prepare<[string], UploadRow>('SELECT * FROM uploads WHERE id = ?'),
    update: db.prepare(
      `UPDATE uploads SET status = @status, document_id = @document_id, facts_extracted = @facts_extracted,
       chunks_created = @chunks_created, error_details = @error_details, updated_at = @updated_at WHERE id = @id`,
    ),
    bytes: db.prepare<[string], { bytes: Buffer }>('SELECT bytes FROM upload_files WHERE upload_id = ?'),
    dropBytes: db.prepare('DELETE FROM upload_files WHERE upload_id = ?'),
  };
  const create = db.transaction((upload: UploadRecord, bytes: Uint8Array, job: JobRecord) => {
    s.insert.run(fromUpload(upload));
    s.insertBytes.run(upload.id, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    s.insertJob.run(jobRow(job, { uploadId: upload.id }));
  });
  return {
    createUpload: async (upload, bytes, job) => create(upload, bytes, job),
    getUpload: async (id) => {
      const row = s.get.get(id);
      return row ? toUpload(row) : null;
    },
    updateUpload: async (upload) => {
      const { job_id: _job, filename: _f, mime_type: _m, byte_size: _b, save_to_memory: _s, created_at: _c, ...row } = fromUpload(upload);
      s.update.run(row);
    },
    getUploadBytes: async (id) => {
      const row = s.bytes.get(id);
      return row ? new Uint8Array(row.bytes) : null;
    },
    dropUploadBytes: async (id) => void s.dropBytes.run(id),
  };
}
