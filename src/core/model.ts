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
  source: 'insert' | 'upload' | 'folder';
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
  /** When a newer version of its file replaced the content; absent or null: never replaced. */
  updatedAt?: string | null;
  /** The watched folder and relative path of the file it stands for; absent or null: not a folder file. */
  folder?: { folderId: string; path: string } | null;
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

/**
 * Why a document says that a key names an entity: an acronym it defines ("International Business
 * Machines (IBM)"), or a lone surname, with or without a title ("Curie", "Dr. Curie"), that it uses
 * for the one person of that surname it names in full.
 */
export type AliasReason = 'acronym' | 'surname' | 'title';

/** Only acronyms join mentions in other documents; a surname stands for a person only inside its document. */
export const SHARED_ALIAS_REASONS: ReadonlySet<AliasReason> = new Set(['acronym']);

/** What resolution learnt from one chunk: `key` (written `alias`) names the entity of `targetKey`. */
export interface AliasClaim {
  key: string;
  alias: string;
  targetKey: string;
  reason: AliasReason;
}

/** One line of an entity's merge history: which document said that `key` names it, and why. */
export interface AliasRecord {
  key: string;
  alias: string;
  reason: AliasReason;
  documentId: string;
  createdAt: string;
  /**
   * 'all_documents': the key's entity in every document counts as this one; 'document': the claim
   * only merged mentions inside its own document (a surname, or an acronym another document
   * gives to a different entity).
   */
  scope: 'all_documents' | 'document';
}

/** An entity as resolution sees it: the stored entities it stands for, and why. */
export interface EntityResolution {
  /** The entity every member's mentions and facts count for. */
  canonicalId: string;
  /** Stored entities (other keys) merged into the canonical one. */
  members: StoredEntity[];
  history: AliasRecord[];
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
