import type { ConversationDetail, ConversationSummary, JobStatusResponse } from '../../shared/api-types';
import type { ChunkRecord, ConversationRecord, DocumentRecord, JobRecord, MessageRecord } from '../../core/model';
import type { ApiKeyRecord } from '../../core/ports';

/** Engine records to the API's snake_case bodies. */
export const jobOut = (job: JobRecord): JobStatusResponse => ({
  job_id: job.id,
  status: job.status,
  progress: job.progress,
  ...(job.status === 'completed' ? {} : { message: job.message }),
  ...(job.status === 'completed' && job.data ? { data: job.data } : {}),
  ...(job.status === 'failed' && job.errorDetails ? { error_details: job.errorDetails } : {}),
  created_at: job.createdAt,
  updated_at: job.updatedAt,
});

export const conversationOut = (c: ConversationRecord): ConversationSummary => ({
  session_id: c.id,
  title: c.title,
  created_at: c.createdAt,
  last_updated: c.lastUpdated,
  turn_count: c.turnCount,
  preview: c.preview,
});

export const conversationDetailOut = (c: ConversationRecord, messages: MessageRecord[]): ConversationDetail => ({
  session_id: c.id,
  title: c.title,
  created_at: c.createdAt,
  last_updated: c.lastUpdated,
  messages: messages.map((m) => ({ role: m.role, content: m.content, timestamp: m.timestamp })),
});

export const documentOut = (d: DocumentRecord) => ({
  document_id: d.id,
  title: d.title,
  tags: d.tags,
  metadata: d.metadata,
  source: d.folder ? { folder_id: d.folder.folderId, path: d.folder.path } : d.source === 'folder' ? ('upload' as const) : d.source,
  mime_type: d.mimeType,
  byte_size: d.byteSize,
  char_count: d.charCount,
  chunk_count: d.chunkCount,
  fact_count: d.factCount,
  created_at: d.createdAt,
  updated_at: d.updatedAt ?? d.createdAt,
});

export const chunkDetailOut = (chunk: ChunkRecord, document: DocumentRecord) => ({
  chunk_id: chunk.id,
  document_id: chunk.documentId,
  title: document.title,
  text: chunk.text,
  ordinal: chunk.ordinal,
  start: chunk.start,
  end: chunk.end,
  page: chunk.page,
  section: chunk.section,
  row: chunk.row,
  ...(document.folder ? { source: { folder_id: document.folder.folderId, path: document.folder.path } } : {}),
});

export const keyOut = (k: ApiKeyRecord) => ({
  key_id: k.id,
  name: k.name,
  prefix: k.prefix,
  kind: k.kind,
  created_at: k.createdAt,
  last_used_at: k.lastUsedAt,
  revoked: k.revokedAt !== null,
});
