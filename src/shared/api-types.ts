/** Response bodies and stream events of the HTTP API, exactly as `service-spec.md` names them. */

export interface ErrorBody {
  success: false;
  error: {
    code: string;
    message: string;
    details?: { field: string; problem: string }[];
    request_id?: string;
  };
  retryAfterSeconds?: number;
}

/** The file of a watched folder a document stands for. */
export interface FolderFileRef {
  folder_id: string;
  /** Relative to the folder, with forward slashes. */
  path: string;
}

export interface SourceRef {
  title: string;
  chunk_id: string;
  document_id: string;
  /** Where the passage is: PDF page, Markdown heading path, CSV row (null when not applicable). */
  page: number | null;
  section: string | null;
  row: number | null;
  /** Present when the document is a file of a watched folder. */
  source?: FolderFileRef;
}

export interface FactOut {
  fact_id: string;
  subject: string;
  predicate: string;
  object: string;
  kind: 'relationship' | 'attribute';
  confidence: number;
  source: { document_id: string; title: string; chunk_id: string };
}

export interface ChunkOut {
  chunk_id: string;
  document_id: string;
  title: string;
  text: string;
  score: number;
  page: number | null;
  section: string | null;
  row: number | null;
  start: number;
  end: number;
  /** Present when the document is a file of a watched folder. */
  source?: FolderFileRef;
}

export interface ReasoningStep {
  step: number;
  thought: string;
  fact_ids: string[];
}

/** A web result beside the graph's facts; `marker` is how the answer cites it ("W1"). */
export interface WebSourceOut {
  marker: string;
  title: string;
  url: string;
  snippet: string;
}

export interface QueryMetadata {
  entities: string[];
  model: string;
  search_time: string;
  query_depth: string;
  /** How sure retrieval is that the passages answer the question, 0..1 (below 0.5: doubtful). */
  coverage: number;
  /** The question's words that no document holds in any form, spelling or synonym (present when there are any). */
  absent_words?: string[];
  web_search?: { used: boolean; reason?: string };
  /** The model that stopped answering; `model` then says "extractive" (the answer is the retrieved sentences). */
  model_outage?: { model: string; message: string };
}

export interface QueryResponse {
  success: true;
  summary: string;
  session_id?: string;
  total_facts: number;
  total_chunks: number;
  insufficient_coverage?: true;
  metadata: QueryMetadata;
  sources: SourceRef[];
  web_sources?: WebSourceOut[];
  facts: FactOut[];
  chunks: ChunkOut[];
  reasoning?: { steps: ReasoningStep[] };
}

export type StreamEvent =
  | { type: 'metadata'; data: { session_id?: string; total_facts: number; total_chunks: number; entities: string[]; model: string; coverage: number; absent_words?: string[] } }
  | { type: 'reasoning'; data: { steps: ReasoningStep[] } }
  | { type: 'content'; data: { delta: string } }
  | { type: 'sources'; data: { sources: SourceRef[]; web_sources?: WebSourceOut[] } }
  | { type: 'done'; data: { error?: string; insufficient_coverage?: boolean } }
  | { type: 'error'; data: { message: string; code?: string } };

export const JOB_STATUS_VALUES = ['pending', 'chunking', 'extracting', 'storing', 'completed', 'failed'] as const;

export interface JobStatusResponse {
  job_id: string;
  status: (typeof JOB_STATUS_VALUES)[number];
  progress: number;
  message?: string;
  data?: { facts_extracted: number; chunks_created: number; document_id: string };
  error_details?: { code: string; message: string; stage: string };
  created_at: string;
  updated_at: string;
}

export interface ConversationSummary {
  session_id: string;
  title: string;
  created_at: string;
  last_updated: string;
  turn_count: number;
  preview: string;
}

export interface ConversationDetail {
  session_id: string;
  title: string;
  created_at: string;
  last_updated: string;
  messages: { role: 'user' | 'assistant'; content: string; timestamp: string }[];
}
