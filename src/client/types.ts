import type { z } from 'zod';
import type * as out from '../shared/api-response-schemas';
import type * as graph from '../shared/graph-schemas';
import type * as folders from '../shared/folder-schemas';
import type * as setup from '../shared/model-setup-schemas';

/**
 * Response bodies the client returns. The stream, query and status types come from
 * shared/api-types.ts; the rest are inferred from the schemas that generate /openapi.json, so the
 * client's types cannot drift from what the server documents. Type-only imports: nothing of zod
 * reaches a browser bundle.
 */
export type {
  ChunkOut,
  ConversationDetail,
  ConversationSummary,
  ErrorBody,
  FactOut,
  JobStatusResponse,
  QueryMetadata,
  QueryResponse,
  ReasoningStep,
  SourceRef,
  StreamEvent,
  WebSourceOut,
} from '../shared/api-types';
export type { InsertRequest, QueryDepthName, ResponseMode } from '../shared/api-schemas';

export type HealthRecord = z.infer<typeof out.health>;
export type SystemInfo = z.infer<typeof out.systemInfo>;
export type InsertResponse = z.infer<typeof out.insertResponse>;
export type BulkInsertResponse = z.infer<typeof out.bulkInsertResponse>;
export type OkMessage = z.infer<typeof out.okMessage>;
export type SignupResponse = z.infer<typeof out.signupResponse>;
export type LoginResponse = z.infer<typeof out.loginResponse>;
export type KeyList = z.infer<typeof out.keyList>;
export type CreatedKey = z.infer<typeof out.createdKey>;
export type UsageLimits = z.infer<typeof out.limits>;
export type DocumentRecord = z.infer<typeof out.documentOut>;
export type DocumentList = z.infer<typeof out.documentList>;
export type ChunkDetail = z.infer<typeof out.chunkDetail>;
export type DocumentFactList = z.infer<typeof out.documentFactList>;
export type EntityList = z.infer<typeof graph.entityList>;
export type EntityDetail = z.infer<typeof graph.entityDetail>;
export type Subgraph = z.infer<typeof graph.subgraph>;
export type LinkDetail = z.infer<typeof graph.linkDetail>;
export type EntityTypeName = (typeof graph.ENTITY_TYPE_NAMES)[number];
export type ModelSetupStatus = z.infer<typeof setup.setupStatus>;
export type ModelDownload = z.infer<typeof setup.modelDownload>;
export type ModelDownloadResult = z.infer<typeof setup.downloadResult>;

/** Filters shared by the graph explorer's entity search and subgraph. */
export interface GraphFilter {
  type?: EntityTypeName[];
  min_degree?: number;
  limit?: number;
}

type EmbedderChoice = { kind: 'hashed' } | { kind: 'transformers'; model: string } | { kind: 'ollama'; model: string };
type ComponentStatus = { state: string; progress: number; message: string };

/** GET/PUT /settings/models. */
export interface ModelSettings {
  success: boolean;
  settings: { ollama_host: string; answer_model: string | null; extraction_model: string | null; embedder: EmbedderChoice; web_search_url: string | null };
  status: { embedder: ComponentStatus; vector_index: ComponentStatus };
}

export type ModelSettingsPatch = Partial<ModelSettings['settings']>;

/**
 * A query as the client sends it: every field but `query` optional (the server fills defaults).
 * `stream` is decided by the method called (query or queryStream).
 */
export interface QueryOptions {
  query: string;
  response_mode?: 'chat' | 'thinking' | 'research';
  query_depth?: 'basic' | 'thinking' | 'research';
  model?: string;
  session_id?: string;
  maintain_context?: boolean;
  include_summary?: boolean;
  web_search_enabled?: boolean;
  conversation_upload_ids?: string[];
}

/** POST /restore: what the restored knowledge base holds. */
export interface RestoreResponse {
  success: boolean;
  message: string;
  documents: number;
  resumed_jobs: number;
}

export interface UploadResponse {
  success: boolean;
  upload_id: string;
  filename: string;
  status: 'processing';
  message: string;
}

export interface UploadStatus {
  upload_id: string;
  /** `done` is accepted as an alias of `completed` (the spec allows both). */
  status: 'processing' | 'completed' | 'done' | 'failed';
  filename: string;
  facts_extracted: number;
  chunks_created: number;
  document_id?: string;
  /** The upload's ingest job, whose /job-status record carries progress. */
  job_id?: string;
  error_details?: { code: string; message: string; stage: string };
}

export type Folder = z.infer<typeof folders.folderSchema>;
export type FolderFile = z.infer<typeof folders.folderFileSchema>;
export type FolderResult = z.infer<typeof folders.folderResult>;
export type FolderList = z.infer<typeof folders.folderList>;
export type FolderDetail = z.infer<typeof folders.folderDetail>;
export interface AddFolderRequest {
  /** Absolute path on the server's disk (the local owner account only). */
  path: string;
  include?: string[];
  exclude?: string[];
  tags?: string[];
}
