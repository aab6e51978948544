import type { InsertRequest } from '../shared/api-schemas';
import type { ConversationDetail, ConversationSummary, JobStatusResponse, QueryResponse, StreamEvent } from '../shared/api-types';
import { InsufficientCoverageError } from './errors';
import { sleep } from './sleep';
import { readSse } from './sse';
import { DEFAULT_RETRY, send, sendJson, type FetchLike, type RequestSpec, type RetryPolicy, type TransportOptions } from './transport';
import type * as T from './types';
import { pollUntil, type WaitOptions } from './wait';

export const DEFAULT_BASE_URL = 'http://127.0.0.1:8765';
/** The server's bulk-insert limit per request; bulkInsert() splits larger lists. */
const BULK_BATCH = 1000;

export interface KbClientOptions {
  /** Default http://127.0.0.1:8765. */
  baseUrl?: string;
  /** Sent as `Authorization: Bearer …`. In Node, createClientFromEnv() reads SVC_API_KEY instead. */
  apiKey?: string;
  /** Another fetch (an in-process app, a proxy agent); default the global fetch. */
  fetch?: FetchLike;
  retry?: Partial<RetryPolicy>;
  /** Throw InsufficientCoverageError instead of returning an empty answer. Default false. */
  throwOnInsufficientCoverage?: boolean;
  /** For tests that observe retry waits. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the client's throwOnInsufficientCoverage for this call. */
  throwOnInsufficientCoverage?: boolean;
}

export interface UploadOptions {
  /** Default: the File's own name, else "upload". */
  filename?: string;
  /** false: indexed for this upload only, reachable through conversation_upload_ids. */
  saveToMemory?: boolean;
  /** For an encrypted PDF. */
  password?: string;
  signal?: AbortSignal;
}

const id = (value: string): string => encodeURIComponent(value);
type GraphFilter = T.GraphFilter;

/** Query string of the graph endpoints: lists of types are comma-separated, empty values left out. */
function graphQuery(params: GraphFilter & { search?: string; entity_id?: string; depth?: number; co_mentions?: boolean }): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    query.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return query.size > 0 ? `?${query.toString()}` : '';
}
const uploadFinished = (s: T.UploadStatus): boolean => s.status !== 'processing';

/**
 * Typed client for every endpoint of the Knowledge Desk API. Uses only fetch, so the same code
 * runs in Node, in the desktop window and in a browser.
 *
 * @example
 * const kb = new KbClient({ apiKey });
 * const { job_id } = await kb.insert({ content: 'Marie Curie was born in Warsaw.', title: 'Curie' });
 * await kb.waitForJob(job_id);
 * for await (const event of kb.queryStream({ query: 'Where was Marie Curie born?' })) {
 *   if (event.type === 'content') process.stdout.write(event.data.delta);
 * }
 */
export class KbClient {
  readonly baseUrl: string;
  private readonly transport: TransportOptions;
  private readonly throwOnInsufficient: boolean;

  constructor(options: KbClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.throwOnInsufficient = options.throwOnInsufficientCoverage ?? false;
    this.transport = {
      baseUrl: this.baseUrl,
      apiKey: options.apiKey,
      fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      retry: { ...DEFAULT_RETRY, ...options.retry },
      sleep: options.sleep ?? sleep,
    };
  }

  private json<R>(spec: RequestSpec): Promise<R> {
    return sendJson<R>(this.transport, spec);
  }

  health(signal?: AbortSignal): Promise<T.HealthRecord> {
    return this.json({ method: 'GET', path: '/health', signal, anonymous: true });
  }

  /** Version, API address, data folder (local owner only), components and the answer models available now. */
  system(signal?: AbortSignal): Promise<T.SystemInfo> {
    return this.json({ method: 'GET', path: '/api/system', signal });
  }

  /** The OpenAPI 3.1 document of the whole API. */
  openapi(): Promise<Record<string, unknown>> {
    return this.json({ method: 'GET', path: '/openapi.json' });
  }

  // Ingest

  insert(document: InsertRequest, signal?: AbortSignal): Promise<T.InsertResponse> {
    return this.json({ method: 'POST', path: '/insert', json: document, signal });
  }

  /** Any number of documents, sent 1,000 per request; each document becomes its own job. */
  async bulkInsert(documents: InsertRequest[], signal?: AbortSignal): Promise<T.BulkInsertResponse> {
    const jobIds: string[] = [];
    for (let i = 0; i < documents.length; i += BULK_BATCH) {
      const batch = documents.slice(i, i + BULK_BATCH);
      const res = await this.json<T.BulkInsertResponse>({ method: 'POST', path: '/insert/bulk', json: { documents: batch }, signal });
      jobIds.push(...res.job_ids);
    }
    return { success: true, job_ids: jobIds, message: `Accepted: ${jobIds.length} documents queued` };
  }

  jobStatus(jobId: string, signal?: AbortSignal): Promise<JobStatusResponse> {
    return this.json({ method: 'GET', path: `/job-status/${id(jobId)}`, signal });
  }

  /** Recent insert and upload jobs, newest first (limit 1 to 200, default 50). */
  async listJobs(limit?: number, signal?: AbortSignal): Promise<JobStatusResponse[]> {
    const query = limit === undefined ? '' : `?limit=${limit}`;
    return (await this.json<{ jobs: JobStatusResponse[] }>({ method: 'GET', path: `/jobs${query}`, signal })).jobs;
  }

  /** Polls until the job is completed or failed and returns that record (a failed job does not throw). */
  waitForJob(jobId: string, options: WaitOptions<JobStatusResponse> = {}): Promise<JobStatusResponse> {
    const finished = (s: JobStatusResponse): boolean => s.status === 'completed' || s.status === 'failed';
    return pollUntil(`job ${jobId}`, () => this.jobStatus(jobId, options.signal), finished, options);
  }

  upload(file: Blob, options: UploadOptions = {}): Promise<T.UploadResponse> {
    const form = new FormData();
    const name = options.filename ?? ('name' in file && typeof file.name === 'string' ? file.name : 'upload');
    form.append('file', file, name);
    if (options.saveToMemory !== undefined) form.append('save_to_memory', String(options.saveToMemory));
    if (options.password !== undefined) form.append('password', options.password);
    return this.json({ method: 'POST', path: '/upload', form, signal: options.signal });
  }

  // Backup

  /** The account's whole knowledge base as one SQLite file (a consistent snapshot), as a byte stream. */
  async backup(signal?: AbortSignal): Promise<ReadableStream<Uint8Array>> {
    const res = await send(this.transport, { method: 'GET', path: '/backup', accept: 'application/vnd.sqlite3', signal });
    if (!res.body) throw new Error('GET /backup answered without a body');
    return res.body;
  }

  /** Restores a backup into the account's knowledge base, which must be empty (409 otherwise). */
  restore(file: Blob, signal?: AbortSignal): Promise<T.RestoreResponse> {
    const form = new FormData();
    form.append('file', file, 'backup.kb.sqlite');
    return this.json({ method: 'POST', path: '/restore', form, signal });
  }

  uploadStatus(uploadId: string, signal?: AbortSignal): Promise<T.UploadStatus> {
    return this.json({ method: 'GET', path: `/upload/${id(uploadId)}/status`, signal });
  }

  /** Polls until the upload is completed (or `done`) or failed and returns that record. */
  waitForUpload(uploadId: string, options: WaitOptions<T.UploadStatus> = {}): Promise<T.UploadStatus> {
    return pollUntil(`upload ${uploadId}`, () => this.uploadStatus(uploadId, options.signal), uploadFinished, options);
  }

  // Questions

  /** One JSON answer with sources, facts and chunks. */
  async query(request: T.QueryOptions, options: CallOptions = {}): Promise<QueryResponse> {
    const body = await this.json<QueryResponse>({ method: 'POST', path: '/query', json: { ...request, stream: false }, signal: options.signal });
    if (body.insufficient_coverage && (options.throwOnInsufficientCoverage ?? this.throwOnInsufficient)) {
      throw new InsufficientCoverageError(request.query, body);
    }
    return body;
  }

  /**
   * The answer as typed events in the server's order: metadata, [reasoning,] content…, sources,
   * done (or error then done). Stopping the loop early closes the connection, which stops the
   * server's generation.
   */
  async *queryStream(request: T.QueryOptions, options: CallOptions = {}): AsyncGenerator<StreamEvent> {
    const res = await send(this.transport, {
      method: 'POST',
      path: '/query',
      json: { ...request, stream: true },
      accept: 'text/event-stream',
      signal: options.signal,
    });
    if (!res.body) throw new Error('the server sent an empty stream');
    const throwInsufficient = options.throwOnInsufficientCoverage ?? this.throwOnInsufficient;
    for await (const event of readSse(res.body)) {
      if (event.type === 'done' && event.data.insufficient_coverage && throwInsufficient) {
        throw new InsufficientCoverageError(request.query, null);
      }
      yield event;
    }
  }

  // Conversations

  async listConversations(limit?: number, signal?: AbortSignal): Promise<ConversationSummary[]> {
    const query = limit === undefined ? '' : `?limit=${limit}`;
    const body = await this.json<{ conversations: ConversationSummary[] }>({ method: 'GET', path: `/conversations${query}`, signal });
    return body.conversations;
  }

  getConversation(sessionId: string, signal?: AbortSignal): Promise<ConversationDetail> {
    return this.json({ method: 'GET', path: `/conversations/${id(sessionId)}`, signal });
  }

  renameConversation(sessionId: string, title: string, signal?: AbortSignal): Promise<T.OkMessage> {
    return this.json({ method: 'PUT', path: `/conversations/${id(sessionId)}/title`, json: { title }, signal });
  }

  /** Soft delete: kept on the server, no longer listed. */
  deleteConversation(sessionId: string, signal?: AbortSignal): Promise<T.OkMessage> {
    return this.json({ method: 'DELETE', path: `/conversations/${id(sessionId)}`, signal });
  }

  // Documents and passages

  listDocuments(page: { limit?: number; offset?: number } = {}, signal?: AbortSignal): Promise<T.DocumentList> {
    const params = new URLSearchParams();
    if (page.limit !== undefined) params.set('limit', String(page.limit));
    if (page.offset !== undefined) params.set('offset', String(page.offset));
    const query = params.size > 0 ? `?${params.toString()}` : '';
    return this.json({ method: 'GET', path: `/documents${query}`, signal });
  }

  getDocument(documentId: string, signal?: AbortSignal): Promise<T.DocumentRecord> {
    return this.json({ method: 'GET', path: `/documents/${id(documentId)}`, signal });
  }

  /** Every fact read from the document, in reading order, each with the sentence it came from; paged like `listDocuments`. */
  documentFacts(documentId: string, page: { limit?: number; offset?: number } = {}, signal?: AbortSignal): Promise<T.DocumentFactList> {
    const params = new URLSearchParams();
    if (page.limit !== undefined) params.set('limit', String(page.limit));
    if (page.offset !== undefined) params.set('offset', String(page.offset));
    const query = params.size > 0 ? `?${params.toString()}` : '';
    return this.json({ method: 'GET', path: `/documents/${id(documentId)}/facts${query}`, signal });
  }

  /** Removes its chunks, vectors and the facts that only it supported. */
  deleteDocument(documentId: string, signal?: AbortSignal): Promise<T.OkMessage> {
    return this.json({ method: 'DELETE', path: `/documents/${id(documentId)}`, signal });
  }

  // Watched folders (the local owner account only; any other account gets 403)

  /** Watches a folder on the server's disk; its files become documents and follow their changes. */
  addFolder(request: T.AddFolderRequest, signal?: AbortSignal): Promise<T.FolderResult> {
    return this.json({ method: 'POST', path: '/folders', json: request, signal });
  }

  async listFolders(signal?: AbortSignal): Promise<T.Folder[]> {
    return (await this.json<T.FolderList>({ method: 'GET', path: '/folders', signal })).folders;
  }

  /** One folder and a page of its files, with why a file failed or was skipped. */
  getFolder(folderId: string, page: { limit?: number; offset?: number } = {}, signal?: AbortSignal): Promise<T.FolderDetail> {
    const params = new URLSearchParams();
    if (page.limit !== undefined) params.set('limit', String(page.limit));
    if (page.offset !== undefined) params.set('offset', String(page.offset));
    const query = params.size > 0 ? `?${params.toString()}` : '';
    return this.json({ method: 'GET', path: `/folders/${id(folderId)}${query}`, signal });
  }

  rescanFolder(folderId: string, signal?: AbortSignal): Promise<T.FolderResult> {
    return this.json({ method: 'POST', path: `/folders/${id(folderId)}/rescan`, signal });
  }

  /** Stops watching; the folder's documents are removed unless `keepDocuments`. */
  removeFolder(folderId: string, options: { keepDocuments?: boolean } = {}, signal?: AbortSignal): Promise<T.OkMessage> {
    const query = options.keepDocuments ? '?keep_documents=true' : '';
    return this.json({ method: 'DELETE', path: `/folders/${id(folderId)}${query}`, signal });
  }

  getChunk(chunkId: string, signal?: AbortSignal): Promise<T.ChunkDetail> {
    return this.json({ method: 'GET', path: `/chunks/${id(chunkId)}`, signal });
  }

  // Graph explorer

  /** Entities by part of their name (empty: the best connected ones). */
  searchEntities(search = '', filter: GraphFilter = {}, signal?: AbortSignal): Promise<T.EntityList> {
    return this.json({ method: 'GET', path: `/graph/entities${graphQuery({ search, ...filter })}`, signal });
  }

  /** One entity with its facts, neighbours and sources; with `coMentions`, also what passages most name it with. */
  getEntity(entityId: string, options: { coMentions?: boolean } = {}, signal?: AbortSignal): Promise<T.EntityDetail> {
    const query = options.coMentions ? '?co_mentions=true' : '';
    return this.json({ method: 'GET', path: `/graph/entities/${id(entityId)}${query}`, signal });
  }

  /**
   * The neighbourhood of an entity up to `depth` hops, or an overview of the most central entities
   * when no entity is given; `co_mentions: true` adds the 'mentioned_with' links.
   */
  subgraph(params: GraphFilter & { entity_id?: string; depth?: number; co_mentions?: boolean } = {}, signal?: AbortSignal): Promise<T.Subgraph> {
    return this.json({ method: 'GET', path: `/graph/subgraph${graphQuery(params)}`, signal });
  }

  /** A link opened: the facts between two entities and the passages that name both, with their sentences. */
  getLink(source: string, target: string, options: { limit?: number } = {}, signal?: AbortSignal): Promise<T.LinkDetail> {
    const query = new URLSearchParams({ source, target, ...(options.limit ? { limit: String(options.limit) } : {}) });
    return this.json({ method: 'GET', path: `/graph/links?${query.toString()}`, signal });
  }

  // Settings

  getModelSettings(signal?: AbortSignal): Promise<T.ModelSettings> {
    return this.json({ method: 'GET', path: '/settings/models', signal });
  }

  /** Local owner only; a new embedder is loaded and indexed in the background. */
  updateModelSettings(patch: T.ModelSettingsPatch, signal?: AbortSignal): Promise<T.ModelSettings> {
    return this.json({ method: 'PUT', path: '/settings/models', json: patch, signal });
  }

  // Model setup (local owner only)

  /** What setup offers, what is installed and in use, and every download with its progress: poll it while one runs. */
  modelSetup(signal?: AbortSignal): Promise<T.ModelSetupStatus> {
    return this.json({ method: 'GET', path: '/setup/models', signal });
  }

  /** Pulls an Ollama model in the background (or resumes a cancelled pull); `activate` (default true) puts it to use once installed. */
  async pullModel(model: string, options: { activate?: boolean } = {}): Promise<T.ModelDownload> {
    return (await this.json<T.ModelDownloadResult>({ method: 'POST', path: '/setup/models/pull', json: { model, ...options } })).download;
  }

  /** Downloads a transformers.js embedding model into the data folder (or resumes one); `activate` (default true) makes it the embedder. */
  async downloadModel(model: string, options: { activate?: boolean } = {}): Promise<T.ModelDownload> {
    return (await this.json<T.ModelDownloadResult>({ method: 'POST', path: '/setup/models/download', json: { model, ...options } })).download;
  }

  /** Stops a running pull or download; starting the same model again resumes it. */
  async cancelModelDownload(downloadId: string): Promise<T.ModelDownload> {
    return (await this.json<T.ModelDownloadResult>({ method: 'POST', path: `/setup/models/downloads/${id(downloadId)}/cancel` })).download;
  }

  // Accounts and keys

  signup(email: string, password: string): Promise<T.SignupResponse> {
    return this.json({ method: 'POST', path: '/api/auth/signup', json: { email, password }, anonymous: true });
  }

  /** Issues a new key for the account; the client keeps using its own key. */
  login(email: string, password: string): Promise<T.LoginResponse> {
    return this.json({ method: 'POST', path: '/api/auth/login', json: { email, password }, anonymous: true });
  }

  async listKeys(): Promise<T.KeyList['keys']> {
    return (await this.json<T.KeyList>({ method: 'GET', path: '/api/auth/keys' })).keys;
  }

  createKey(name: string, kind: 'live' | 'ent' = 'live'): Promise<T.CreatedKey> {
    return this.json({ method: 'POST', path: '/api/auth/keys', json: { name, kind } });
  }

  revokeKey(keyId: string): Promise<T.OkMessage> {
    return this.json({ method: 'DELETE', path: `/api/auth/keys/${id(keyId)}` });
  }

  limits(signal?: AbortSignal): Promise<T.UsageLimits> {
    return this.json({ method: 'GET', path: '/api/user/limits', signal });
  }
}
