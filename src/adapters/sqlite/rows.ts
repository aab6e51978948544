import type { EntityType } from '../../core/extract/types';
import type {
  ChunkRecord,
  ConversationRecord,
  DocumentRecord,
  JobRecord,
  JsonObject,
  StoredEntity,
  StoredFact,
} from '../../core/model';

/** Row shapes as SQLite returns them, and their mapping to engine records. */
export interface JobRow {
  id: string;
  kind: string;
  status: string;
  progress: number;
  message: string;
  document_id: string | null;
  data: string | null;
  error_details: string | null;
  created_at: string;
  updated_at: string;
}

export const toJob = (r: JobRow): JobRecord => ({
  id: r.id,
  kind: r.kind === 'upload' ? 'upload' : 'insert',
  status: r.status as JobRecord['status'],
  progress: r.progress,
  message: r.message,
  documentId: r.document_id,
  data: r.data === null ? null : (JSON.parse(r.data) as JobRecord['data']),
  errorDetails: r.error_details === null ? null : (JSON.parse(r.error_details) as JobRecord['errorDetails']),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export const fromJob = (j: JobRecord) => ({
  id: j.id,
  kind: j.kind,
  status: j.status,
  progress: j.progress,
  message: j.message,
  document_id: j.documentId,
  data: j.data === null ? null : JSON.stringify(j.data),
  error_details: j.errorDetails === null ? null : JSON.stringify(j.errorDetails),
  created_at: j.createdAt,
  updated_at: j.updatedAt,
});

export interface DocumentRow {
  id: string;
  title: string;
  tags: string;
  metadata: string;
  source: string;
  mime_type: string;
  byte_size: number;
  char_count: number;
  chunk_count: number;
  fact_count: number;
  state: string;
  memory: number;
  upload_id: string | null;
  created_at: string;
  updated_at?: string | null;
  /** From the watched folder's file row, when the document stands for a file. */
  folder_id?: string | null;
  folder_path?: string | null;
}

export const toDocument = (r: DocumentRow): DocumentRecord => ({
  id: r.id,
  title: r.title,
  tags: JSON.parse(r.tags) as string[],
  metadata: JSON.parse(r.metadata) as JsonObject,
  source: r.source === 'upload' || r.source === 'folder' ? r.source : 'insert',
  mimeType: r.mime_type,
  byteSize: r.byte_size,
  charCount: r.char_count,
  chunkCount: r.chunk_count,
  factCount: r.fact_count,
  state: r.state === 'indexing' ? 'indexing' : 'ready',
  memory: r.memory === 1,
  uploadId: r.upload_id,
  createdAt: r.created_at,
  updatedAt: r.updated_at ?? null,
  folder: r.folder_id && r.folder_path !== null && r.folder_path !== undefined ? { folderId: r.folder_id, path: r.folder_path } : null,
});

export interface ChunkRow {
  id: string;
  document_id: string;
  ordinal: number;
  text: string;
  start: number;
  end: number;
  page: number | null;
  section: string | null;
  row: number | null;
}

export const toChunk = (r: ChunkRow): ChunkRecord => ({
  id: r.id,
  documentId: r.document_id,
  ordinal: r.ordinal,
  text: r.text,
  start: r.start,
  end: r.end,
  page: r.page,
  section: r.section,
  row: r.row,
});

export interface EntityRow {
  id: string;
  key: string;
  name: string;
  type: string;
}

export const toEntity = (r: EntityRow): StoredEntity => ({
  id: r.id,
  key: r.key,
  name: r.name,
  type: r.type as EntityType,
});

export interface FactRow {
  id: string;
  subject_id: string;
  predicate: string;
  kind: string;
  object_id: string | null;
  value: string | null;
  confidence: number;
  document_id: string;
  chunk_id: string;
  sentence_start: number;
  sentence_end: number;
}

export const toFact = (r: FactRow): StoredFact => ({
  id: r.id,
  subjectId: r.subject_id,
  predicate: r.predicate,
  kind: r.kind === 'attribute' ? 'attribute' : 'relationship',
  objectId: r.object_id,
  value: r.value,
  confidence: r.confidence,
  documentId: r.document_id,
  chunkId: r.chunk_id,
  sentenceStart: r.sentence_start,
  sentenceEnd: r.sentence_end,
});

export interface ConversationRow {
  id: string;
  title: string;
  created_at: string;
  last_updated: string;
  turn_count: number;
  preview: string;
  deleted_at: string | null;
}

export const toConversation = (r: ConversationRow): ConversationRecord => ({
  id: r.id,
  title: r.title,
  createdAt: r.created_at,
  lastUpdated: r.last_updated,
  turnCount: r.turn_count,
  preview: r.preview,
  deletedAt: r.deleted_at,
});

/** `?, ?, ?` for an IN list. */
export const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(', ');
