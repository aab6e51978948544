/** Records the engine stores and hands around. Field names are camelCase; the API maps them. */
import type { EntityType } from './extract/types';

export type JsonObject = { [key: string]: unknown };

export interface DocumentInput {
  content: string;
  title: string;
  tags: string[];
  metadata: JsonObject;
}

/** What a job was given: inserted text, or the id of an upload whose bytes are stored. */
export type JobInput = DocumentInput | { uploadId: string };

export type DocumentState = 'indexing' | 'ready';

export interface DocumentRecord {
  id: string;
  title: string;
  tags: string[];
  metadata: JsonObject;
  source: 'insert' | 'upload';
  mimeType: string;
  byteSize: number;
  charCount: number;
  chunkCount: number;
  factCount: number;
  state: DocumentState;
  /** false for an upload sent with save_to_memory=false: only conversation_upload_ids reach it. */
  memory: boolean;
  uploadId: string | null;
  createdAt: string;
}

export interface ChunkRecord {
  id: string;
  documentId: string;
  ordinal: number;
  text: string;
  /** Character offsets into the document's original text. */
  start: number;
  end: number;
  page: number | null;
  section: string | null;
  /** 1-based CSV data row. */
  row: number | null;
}

export interface StoredEntity {
  id: string;
  key: string;
  name: string;
  type: EntityType;
}

export interface StoredFact {
  id: string;
  subjectId: string;
  predicate: string;
  kind: 'relationship' | 'attribute';
  objectId: string | null;
  value: string | null;
  confidence: number;
  documentId: string;
  chunkId: string;
  /** Sentence offsets inside the chunk text. */
  sentenceStart: number;
  sentenceEnd: number;
}

/** A fact with its entities' names, ready to show. */
export interface ResolvedFact extends StoredFact {
  subject: string;
  object: string;
}

export const JOB_STATUSES = ['pending', 'chunking', 'extracting', 'storing', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export interface JobErrorDetails {
  code: string;
  message: string;
  stage: 'chunking' | 'extracting' | 'storing' | 'parsing';
}

export interface JobResultData {
  facts_extracted: number;
  chunks_created: number;
  document_id: string;
}

export interface JobRecord {
  id: string;
  kind: 'insert' | 'upload';
  status: JobStatus;
  progress: number;
  message: string;
  documentId: string | null;
  data: JobResultData | null;
  errorDetails: JobErrorDetails | null;
  createdAt: string;
  updatedAt: string;
}

export type UploadStatus = 'processing' | 'completed' | 'failed';

export interface UploadRecord {
  id: string;
  jobId: string;
  filename: string;
  mimeType: string;
  byteSize: number;
  saveToMemory: boolean;
  status: UploadStatus;
  documentId: string | null;
  factsExtracted: number;
  chunksCreated: number;
  errorDetails: JobErrorDetails | null;
  createdAt: string;
  updatedAt: string;
}

export interface ConversationRecord {
  id: string;
  title: string;
  createdAt: string;
  lastUpdated: string;
  turnCount: number;
  preview: string;
  deletedAt: string | null;
}

export interface MessageRecord {
  role: 'user' | 'assistant';
  content: string;
  timestamp: string;
  /** Entities the turn was about: lets a follow-up question lean on the previous turn. */
  entities: string[];
}
