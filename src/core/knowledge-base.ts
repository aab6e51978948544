import type { InsertRequest, QueryRequest } from '../shared/api-schemas';
import type { EngineConfig } from './config';
import { KbError, notFound } from './errors';
import { newId, nowIso } from './ids';
import type { ChunkRecord, ConversationRecord, DocumentInput, DocumentRecord, JobRecord, MessageRecord, UploadRecord } from './model';
import type { FileTypes } from './parse/types';
import { newUploadRecord, uploadSource } from './ingest/upload-source';
import type { KnowledgeStore, Lexicon, Page, SentenceEncoder } from './ports';
import { KnowledgeGraph } from './graph/knowledge-graph';
import { ingestDocument, type DocumentSource, type IngestDeps } from './ingest/ingest-document';
import { ingestBatch, type BatchItem, type BatchOutcome, type BatchRecordsOf } from './ingest/ingest-batch';
import { ingestJobsTogether, InsertGroups } from './ingest/insert-groups';
import { draftsFromText } from './ingest/chunk-drafts';
import { advance } from './ingest/job-progress';
import type { JobQueue } from './ingest/job-queue';
import { prepareQuery, type PreparedQuery } from './answer/query-service';
import type { ModelAccess } from './models/model-runtime';
import { VectorSync, type IndexBuildStatus } from './models/vector-sync';
import { searchEntities, type EntityFilter, type EntitySummary, type Subgraph } from './graph/graph-queries';
import { entityDetail, type EntityDetail } from './graph/entity-detail';
import { exploreSubgraph, strongestCompanions, type Companion, type ExploreOptions } from './graph/explore-graph';
import { linkDetail, type LinkDetail } from './graph/link-detail';
import { documentFacts, type DocumentFact } from './graph/document-facts';
import { repairAfterDelete } from './graph/repair-after-delete';
import { DOCUMENT_DELETED } from './folders/folder-model';
import type { QuestionsFirst } from './questions-first';

export interface KnowledgeBaseDeps {
  store: KnowledgeStore;
  /** The models in use now; they may change while the engine runs (settings). */
  models: ModelAccess;
  fileTypes: FileTypes | null;
  lexicon: Lexicon;
  /** A model of sentence meaning for the coverage gate; null: words alone. */
  encoder: SentenceEncoder | null;
  queue: JobQueue;
  /** The engine's questions in flight, which ingest gives way to. */
  questions: QuestionsFirst;
  config: EngineConfig;
  /** Aborted when the engine shuts down. */
  stopping: AbortSignal;
}

function newJob(at: string): JobRecord {
  return {
    id: newId('job'),
    kind: 'insert',
    status: 'pending',
    progress: 0,
    message: 'Queued',
    documentId: null,
    data: null,
    errorDetails: null,
    createdAt: at,
    updatedAt: at,
  };
}

/** Inserted text: one document whose chunks point into the text as sent. */
function textSource(input: DocumentInput): DocumentSource {
  return {
    kind: 'insert',
    title: input.title,
    tags: input.tags,
    metadata: input.metadata,
    mimeType: 'text/plain',
    byteSize: Buffer.byteLength(input.content),
    memory: true,
    uploadId: null,
    load: async (chunking) => ({ ...draftsFromText(input.content, chunking), structuredFacts: [] }),
  };
}

/** One account's knowledge: documents, jobs, graph, queries and conversations. */
export class KnowledgeBase {
  private graph: KnowledgeGraph | null = null;
  private graphLoading: Promise<KnowledgeGraph> | null = null;
  /** PDF passwords live in memory only, until their upload is parsed; never on disk. */
  private readonly passwords = new Map<string, string>();

  private readonly vectors: VectorSync;
  private readonly insertGroups = new InsertGroups();

  constructor(private readonly deps: KnowledgeBaseDeps) {
    this.vectors = new VectorSync(deps.store, deps.models, deps.stopping);
  }

  get store(): KnowledgeStore {
    return this.deps.store;
  }

  /** The graph is built from the stored facts on first use, so opening an account stays cheap. */
  async loadGraph(): Promise<KnowledgeGraph> {
    if (this.graph) return this.graph;
    this.graphLoading ??= (async () => {
      const graph = new KnowledgeGraph();
      graph.setMerged(await this.store.mergedEntities());
      graph.add(await this.store.allEntities(), await this.store.allRelationships());
      this.graph = graph;
      return graph;
    })();
    return this.graphLoading;
  }

  async insert(requests: InsertRequest[]): Promise<JobRecord[]> {
    const at = nowIso();
    const jobs = requests.map((r) => ({
      job: newJob(at),
      input: { content: r.content, title: r.title?.trim() || 'Untitled', tags: r.tags ?? [], metadata: r.metadata ?? {} },
    }));
    await this.store.createJobs(jobs);
    for (const { job, input } of jobs) {
      this.insertGroups.add(job.id, input.content.length);
      this.enqueue(job.id);
    }
    return jobs.map((j) => j.job);
  }

  /** Clears what a crash left half-written and queues every unfinished job again. */
  async resume(): Promise<number> {
    for (const id of await this.store.listIndexingDocuments()) await this.store.deleteDocument(id);
    const jobs = await this.store.listUnfinishedJobs();
    for (const job of jobs) this.enqueue(job.id);
    return jobs.length;
  }

  /**
   * Accepts a file: its type is decided from its content (415 when unsupported), and the bytes
   * are stored with the job, so a restart still parses them.
   */
  async upload(
    file: { bytes: Uint8Array; filename: string; declaredType: string | null },
    saveToMemory: boolean,
    password?: string,
  ): Promise<UploadRecord> {
    const types = this.deps.fileTypes;
    const mimeType = types?.detect(file.bytes, file.declaredType, file.filename) ?? null;
    if (!types || !mimeType || !types.parserFor(mimeType)) {
      throw new KbError('unsupported_media_type', `unsupported file type; supported types: ${(types?.supported ?? []).join(', ')}`);
    }
    const at = nowIso();
    const job: JobRecord = { ...newJob(at), kind: 'upload' };
    const upload = newUploadRecord({ id: newId('upl'), jobId: job.id, filename: file.filename, mimeType, byteSize: file.bytes.byteLength, saveToMemory }, at);
    await this.store.createUpload(upload, file.bytes, job);
    if (password !== undefined) this.passwords.set(upload.id, password);
    this.enqueue(job.id);
    return upload;
  }

  async getUpload(id: string): Promise<UploadRecord> {
    const upload = await this.store.getUpload(id);
    if (!upload) throw notFound('upload', id);
    return upload;
  }

  private enqueue(jobId: string): void {
    this.deps.queue.push(async () => {
      const group = this.insertGroups.claim(jobId);
      if (group === 'taken') return;
      if (!group) return this.runJob(jobId);
      try {
        await this.runInsertGroup(group);
      } finally {
        this.insertGroups.release(group);
      }
    });
  }

  private async runJob(jobId: string): Promise<void> {
    const job = await this.store.getJob(jobId);
    const input = await this.store.getJobInput(jobId);
    if (!job || job.status === 'completed' || job.status === 'failed') return;
    if (!input) return this.failLost(job, null);
    const deps = await this.ingestDeps();
    if (!deps) return;
    if ('uploadId' in input) await this.runUpload(deps, job, input.uploadId);
    else await ingestDocument(deps, job, textSource(input));
    this.syncVectorsAfter(deps);
  }

  /** Small inserts, several to one extraction request and one transaction; any other job among them runs alone. */
  private async runInsertGroup(jobIds: readonly string[]): Promise<void> {
    const together: { job: JobRecord; source: DocumentSource }[] = [];
    for (const id of jobIds) {
      const job = await this.store.getJob(id);
      const input = await this.store.getJobInput(id);
      if (job && job.status === 'pending' && job.documentId === null && input && !('uploadId' in input)) together.push({ job, source: textSource(input) });
      else await this.runJob(id);
    }
    if (together.length === 0) return;
    const deps = await this.ingestDeps();
    if (!deps) return;
    await ingestJobsTogether(deps, together);
    this.syncVectorsAfter(deps);
  }

  /** What a job ingests with; null when the engine is stopping. */
  private async ingestDeps(): Promise<IngestDeps | null> {
    const graph = await this.loadGraph();
    const { config, stopping, models } = this.deps;
    // Models are fixed per job: a settings change mid-job never mixes two embedders in one index.
    const extractor = models.extractor();
    const embedder = await this.vectors.queryEmbedder();
    if (stopping.aborted) return null;
    return { store: this.store, graph, extractor, embedder, chunking: config.chunking, signal: stopping, turn: () => this.deps.questions.turn() };
  }

  /** A job done with an embedder other than the one chosen meanwhile: the index catches up. */
  private syncVectorsAfter(deps: IngestDeps): void {
    if (deps.embedder?.id !== this.deps.models.desiredEmbedder()?.id) void this.vectors.sync();
  }

  /**
   * Runs one document through ingest on the shared queue, without a stored job: a watched folder
   * keeps its files' state itself and finds unfinished work again by scanning at start. Resolves
   * with the job's last record; rejects when the engine stops first.
   */
  ingestSource(source: DocumentSource): Promise<JobRecord> {
    return this.onQueue((deps) => ingestDocument(deps, { ...newJob(nowIso()), kind: 'upload' }, source));
  }

  /** Several small documents as one turn of the queue, one extraction request and one write (a folder scan's files). */
  ingestBatch(items: BatchItem[], records?: BatchRecordsOf): Promise<BatchOutcome[]> {
    return this.onQueue((deps) => ingestBatch(deps, items, records));
  }

  /** Work without a stored job on the shared queue; rejects when the engine stops first. */
  private onQueue<T>(work: (deps: IngestDeps) => Promise<T>): Promise<T> {
    const { stopping } = this.deps;
    return new Promise((resolve, reject) => {
      const stopped = (): void => reject(new KbError('internal', 'the engine stopped before the file was indexed'));
      if (stopping.aborted) return stopped();
      stopping.addEventListener('abort', stopped, { once: true });
      this.deps.queue.push(async () => {
        try {
          const deps = await this.ingestDeps();
          if (!deps) return stopped();
          resolve(await work({ ...deps, saveJob: async () => undefined }));
          this.syncVectorsAfter(deps);
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        } finally {
          stopping.removeEventListener('abort', stopped);
        }
      });
    });
  }

  /** Removes a document that a watched file stood for; unknown ids are ignored. */
  async removeDocument(id: string): Promise<void> {
    const removed = await this.store.deleteDocument(id);
    if (removed && this.graph) await repairAfterDelete(this.store, this.graph, removed);
  }

  private async runUpload(deps: IngestDeps, job: JobRecord, uploadId: string): Promise<void> {
    const upload = await this.store.getUpload(uploadId);
    const bytes = await this.store.getUploadBytes(uploadId);
    const parser = upload ? this.deps.fileTypes?.parserFor(upload.mimeType) : null;
    if (!upload || !bytes || !parser) return this.failLost(job, upload);
    const password = this.passwords.get(uploadId);
    this.passwords.delete(uploadId);
    // The upload's end is saved before its job's: a crash between the two leaves the job
    // unfinished, and its re-run finds the finished document and saves both again.
    const saveJob = async (next: JobRecord): Promise<void> => {
      if (next.status === 'completed' || next.status === 'failed') {
        await this.store.updateUpload({
          ...upload,
          status: next.status,
          documentId: next.data?.document_id ?? null,
          factsExtracted: next.data?.facts_extracted ?? 0,
          chunksCreated: next.data?.chunks_created ?? 0,
          errorDetails: next.errorDetails,
          updatedAt: nowIso(),
        });
      }
      await this.store.updateJob(next);
    };
    const done = await ingestDocument({ ...deps, saveJob }, job, uploadSource(upload, bytes, parser, { signal: deps.signal, password }));
    if (done.status === 'completed' || done.status === 'failed') await this.store.dropUploadBytes(uploadId);
  }

  /** An unfinished job whose input is gone (a damaged or hand-edited store) fails instead of waiting forever. */
  private async failLost(job: JobRecord, upload: UploadRecord | null): Promise<void> {
    const errorDetails = { code: 'input_lost', message: 'The job\'s input is no longer stored; insert or upload the document again.', stage: 'chunking' as const };
    await this.store.updateJob({ ...advance(job, 'failed', job.progress, 'Failed'), errorDetails });
    if (upload) await this.store.updateUpload({ ...upload, status: 'failed', errorDetails, updatedAt: nowIso() });
  }

  listRecentJobs(limit: number): Promise<JobRecord[]> {
    return this.store.listRecentJobs(limit);
  }

  async getJob(id: string): Promise<JobRecord> {
    const job = await this.store.getJob(id);
    if (!job) throw notFound('job', id);
    return job;
  }

  async prepareQuery(request: QueryRequest): Promise<PreparedQuery> {
    const { store, models, config, lexicon, encoder, questions } = this.deps;
    return questions.answering(async () => {
      const embedder = await this.vectors.queryEmbedder();
      return prepareQuery({ store, graph: await this.loadGraph(), embedder, models, config, lexicon, ...(encoder ? { encoder } : {}) }, request);
    });
  }

  /** Builds the chosen embedder's index in the background, if it is not the active one yet. */
  syncVectors(): Promise<void> {
    return this.vectors.sync();
  }

  vectorStatus(): IndexBuildStatus {
    return this.vectors.status;
  }

  async listDocuments(page: Page): Promise<{ documents: DocumentRecord[]; total: number }> {
    return this.store.listDocuments(page);
  }

  async getDocument(id: string): Promise<DocumentRecord> {
    const doc = await this.store.getDocument(id);
    if (!doc || doc.state !== 'ready') throw notFound('document', id);
    return doc;
  }

  /** Every fact read from a ready document, one page at a time, each with its sentence. */
  async documentFacts(id: string, page: Page): Promise<{ document: DocumentRecord; facts: DocumentFact[]; total: number }> {
    const document = await this.getDocument(id);
    return { document, ...(await documentFacts(this.store, document, page)) };
  }

  async deleteDocument(id: string): Promise<void> {
    await this.getDocument(id);
    const removed = await this.store.deleteDocument(id);
    if (removed && this.graph) await repairAfterDelete(this.store, this.graph, removed);
    // A watched file stays in its folder: it no longer counts as indexed, and a new version of it
    // comes back as a new document.
    await this.store.releaseFolderDocument(id, DOCUMENT_DELETED, nowIso());
  }

  async getChunk(id: string): Promise<{ chunk: ChunkRecord; document: DocumentRecord }> {
    const [chunk] = await this.store.getChunks([id]);
    const document = chunk ? await this.store.getDocument(chunk.documentId) : null;
    if (!chunk || !document || document.state !== 'ready') throw notFound('chunk', id);
    return { chunk, document };
  }

  async searchEntities(search: string, filter: EntityFilter, limit: number): Promise<{ entities: EntitySummary[]; total: number }> {
    return searchEntities((await this.loadGraph()).view, search, filter, limit);
  }

  /** With `coMentions`, also the entities passages most strongly name it with (`mentionedWith`). */
  async entityDetail(id: string, options: ExploreOptions = { coMentions: false }): Promise<EntityDetail & { mentionedWith?: Companion[] }> {
    const graph = await this.loadGraph();
    const detail = await entityDetail(this.store, graph, id, { facts: 100, neighbours: 100 });
    if (!options.coMentions) return detail;
    return { ...detail, mentionedWith: await strongestCompanions(this.store, graph.view, detail.entity.id, 50) };
  }

  async subgraph(entityId: string | null, depth: number, limit: number, filter: EntityFilter, options: ExploreOptions = { coMentions: false }): Promise<Subgraph> {
    const graph = (await this.loadGraph()).view;
    if (entityId !== null && !graph.hasNode(entityId)) throw notFound('entity', entityId);
    return exploreSubgraph(this.store, graph, entityId, { depth, limit, filter }, options);
  }

  /** A link of the explorer: the facts between two entities and the passages that name both. */
  async linkDetail(source: string, target: string, limit: number): Promise<LinkDetail> {
    return linkDetail(this.store, await this.loadGraph(), source, target, limit);
  }

  async listConversations(limit: number): Promise<ConversationRecord[]> {
    return this.store.listConversations(limit);
  }

  async getConversation(id: string): Promise<{ conversation: ConversationRecord; messages: MessageRecord[] }> {
    const conversation = await this.liveConversation(id);
    return { conversation, messages: await this.store.getMessages(id) };
  }

  async renameConversation(id: string, title: string): Promise<void> {
    await this.liveConversation(id);
    await this.store.renameConversation(id, title.trim(), nowIso());
  }

  async deleteConversation(id: string): Promise<void> {
    await this.liveConversation(id);
    await this.store.softDeleteConversation(id, nowIso());
  }

  private async liveConversation(id: string): Promise<ConversationRecord> {
    const conversation = await this.store.getConversation(id);
    if (!conversation || conversation.deletedAt !== null) throw notFound('conversation', id);
    return conversation;
  }

  /** No documents, conversations or jobs still to run: nothing a restore would overwrite. */
  async isEmpty(): Promise<boolean> {
    const [{ total }, conversations, unfinished] = await Promise.all([
      this.store.listDocuments({ limit: 1, offset: 0 }),
      this.store.listConversations(1),
      this.store.listUnfinishedJobs(),
    ]);
    return total === 0 && conversations.length === 0 && unfinished.length === 0;
  }

  snapshot(file: string): Promise<void> {
    return this.store.snapshot(file);
  }

  async close(): Promise<void> {
    await this.store.close();
  }
}
