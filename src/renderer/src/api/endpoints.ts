import type { ConversationDetail, ConversationSummary, JobStatusResponse, QueryResponse, StreamEvent } from '../../../shared/api-types';
import type { EntityDetailOut, EntityListOut, SubgraphOut } from '../../../shared/graph-schemas';
import type { Connection } from './connection';
import { createFolderApi } from './folders';
import { getJson, send, sendJson } from './http';
import { readEvents } from './sse-events';

/** Typed calls for the screens. Shapes follow `/openapi.json`. */
export interface DocumentOut {
  document_id: string;
  title: string;
  tags: string[];
  source: 'insert' | 'upload' | { folder_id: string; path: string };
  mime_type: string;
  byte_size: number;
  char_count: number;
  chunk_count: number;
  fact_count: number;
  created_at: string;
}

export interface ChunkDetail {
  chunk_id: string;
  document_id: string;
  title: string;
  text: string;
  ordinal: number;
  page: number | null;
  section: string | null;
  row: number | null;
}

export interface QueryOptions {
  query: string;
  response_mode: 'chat' | 'thinking' | 'research';
  session_id?: string;
  maintain_context?: boolean;
  include_summary?: boolean;
}

export interface KeyOut {
  key_id: string;
  name: string;
  prefix: string;
  kind: 'live' | 'ent';
  created_at: string;
  last_used_at: string | null;
  revoked: boolean;
}

export interface SystemInfo {
  version: string;
  api_base_url: string;
  data_dir: string | null;
  components: Record<string, string>;
  models: { provider: string | null; reachable: boolean; available: string[] };
}

export interface ModelSettings {
  settings: {
    ollama_host: string;
    answer_model: string | null;
    extraction_model: string | null;
    embedder: { kind: 'hashed' | 'transformers' | 'ollama'; model?: string };
    web_search_url: string | null;
  };
  status: { embedder: { state: string; progress: number; message: string }; vector_index: { state: string; progress: number; message: string } };
}

const enc = encodeURIComponent;

export function createApi(connection: Connection) {
  return {
    connection,
    /** Streams the answer; the iterator ends after `done`, or when `signal` aborts (stop generation). */
    async *queryStream(options: QueryOptions, signal: AbortSignal): AsyncGenerator<StreamEvent> {
      const res = await send(connection, 'POST', '/query', { json: { ...options, stream: true }, signal, accept: 'text/event-stream' });
      if (!res.body) return;
      yield* readEvents(res.body, signal);
    },
    query: (options: QueryOptions) => sendJson<QueryResponse>(connection, 'POST', '/query', options),
    conversations: () => getJson<{ conversations: ConversationSummary[] }>(connection, '/conversations?limit=200'),
    conversation: (id: string) => getJson<ConversationDetail>(connection, `/conversations/${enc(id)}`),
    renameConversation: (id: string, title: string) => sendJson(connection, 'PUT', `/conversations/${enc(id)}/title`, { title }),
    deleteConversation: (id: string) => sendJson(connection, 'DELETE', `/conversations/${enc(id)}`),
    chunk: (id: string) => getJson<ChunkDetail>(connection, `/chunks/${enc(id)}`),
    documents: (limit: number, offset: number) =>
      getJson<{ documents: DocumentOut[]; total: number }>(connection, `/documents?limit=${limit}&offset=${offset}`),
    deleteDocument: (id: string) => sendJson(connection, 'DELETE', `/documents/${enc(id)}`),
    insert: (content: string, title: string, tags: string[]) => sendJson<{ job_id: string }>(connection, 'POST', '/insert', { content, title, tags }),
    upload: async (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return (await send(connection, 'POST', '/upload', { form })).json() as Promise<{ upload_id: string }>;
    },
    uploadStatus: (id: string) => getJson<{ job_id: string; status: string }>(connection, `/upload/${enc(id)}/status`),
    job: (id: string) => getJson<JobStatusResponse>(connection, `/job-status/${enc(id)}`),
    searchEntities: (search: string, types: string[], minDegree: number, limit = 20) =>
      getJson<EntityListOut>(connection, `/graph/entities?search=${enc(search)}&type=${enc(types.join(','))}&min_degree=${minDegree}&limit=${limit}`),
    entity: (id: string) => getJson<EntityDetailOut>(connection, `/graph/entities/${enc(id)}`),
    subgraph: (entityId: string | null, depth: number, limit: number, types: string[], minDegree: number) =>
      getJson<SubgraphOut>(
        connection,
        `/graph/subgraph?${entityId ? `entity_id=${enc(entityId)}&` : ''}depth=${depth}&limit=${limit}&type=${enc(types.join(','))}&min_degree=${minDegree}`,
      ),
    keys: () => getJson<{ keys: KeyOut[] }>(connection, '/api/auth/keys'),
    createKey: (name: string) => sendJson<{ key_id: string; api_key: string }>(connection, 'POST', '/api/auth/keys', { name }),
    revokeKey: (id: string) => sendJson(connection, 'DELETE', `/api/auth/keys/${enc(id)}`),
    modelSettings: () => getJson<ModelSettings>(connection, '/settings/models'),
    saveModelSettings: (patch: Partial<ModelSettings['settings']>) => sendJson<ModelSettings>(connection, 'PUT', '/settings/models', patch),
    system: () => getJson<SystemInfo>(connection, '/api/system'),
    health: () => getJson<{ status: string; version: string; components?: Record<string, string> }>(connection, '/health'),
    folders: createFolderApi(connection),
  };
}

export type Api = ReturnType<typeof createApi>;

/** Logs in with e-mail and password (a new key is issued), before any connection exists. */
export async function login(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await send({ baseUrl, apiKey: '', origin: 'session' }, 'POST', '/api/auth/login', { json: { email, password }, anonymous: true });
  return ((await res.json()) as { api_key: string }).api_key;
}
