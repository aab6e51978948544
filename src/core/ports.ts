/**
 * The engine's ports: what it needs from the outside world. Adapters (SQLite, transformers.js,
 * Ollama, parsers) implement them; core code depends only on these interfaces. Every store method
 * is async so a networked store (PostgreSQL + pgvector) fits the same port.
 */
import type {
  ChunkRecord,
  ConversationRecord,
  DocumentInput,
  JobInput,
  UploadRecord,
  DocumentRecord,
  AliasClaim,
  EntityResolution,
  JobRecord,
  MessageRecord,
  StoredEntity,
  StoredFact,
  JsonObject,
} from './model';
import type { ExtractedEntity, ExtractedFact } from './extract/types';
import type { FolderCounts, FolderFileRecord, FolderRecord } from './folders/folder-model';

export type { Extractor } from './extract/types';

/** Lexical embedders (hashed n-grams) mostly echo BM25; semantic ones (neural) add meaning. */
export type EmbedderQuality = 'lexical' | 'semantic';

export interface Embedder {
  /** Identifies model and settings; an index built by one embedder is never read with another. */
  readonly id: string;
  readonly dimensions: number;
  readonly quality: EmbedderQuality;
  embed(texts: string[]): Promise<Float32Array[]>;
  /**
   * For embedders built on the text index's own analysis (text/analyze.ts): the same vectors from
   * terms ingest has already computed, so the text is not analysed twice.
   */
  embedTerms?(terms: string[][]): Promise<Float32Array[]>;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  signal: AbortSignal;
  /** The context window to run with; sent on every call because providers' defaults are small. */
  contextTokens: number;
  /** Thinking models only: false turns reasoning off, true returns it apart from the answer. */
  think?: boolean;
  /** A JSON schema the reply must follow (structured output). */
  format?: Record<string, unknown>;
  temperature?: number;
}

/** One streamed piece: answer text, and reasoning text kept apart from it. */
export interface ChatChunk {
  content: string;
  thinking: string;
}

export interface ModelInfo {
  name: string;
  /** The model's trained context length in tokens. */
  contextTokens: number;
  /** As the provider reports them: 'completion', 'thinking', 'embedding', … */
  capabilities: string[];
}

export interface ChatModel {
  readonly provider: string;
  /** Models the provider can run now (none while it runs without any); rejects when it is unreachable. */
  listModels(): Promise<string[]>;
  /** What the provider says about one model; null when it does not have it. */
  describe(model: string): Promise<ModelInfo | null>;
  /** Streams the reply; stops when `signal` aborts. */
  chat(request: ChatRequest): AsyncIterable<ChatChunk>;
}

/** A web-search provider (SearXNG); results are cited as web sources beside the graph's facts. */
export interface WebSearch {
  readonly provider: string;
  search(query: string, limit: number, signal: AbortSignal): Promise<WebResult[]>;
}

export interface WebResult {
  title: string;
  url: string;
  snippet: string;
}

/** One chunk with everything extracted from it, written in one transaction with its batch. */
export interface ChunkWrite {
  chunk: ChunkRecord;
  vector: Float32Array | null;
  /** The analysed search terms (see text/analyze.ts), space-joined into the text index. */
  terms: string[];
  entities: ExtractedEntity[];
  facts: ExtractedFact[];
  /** What document resolution learnt from this chunk, kept as the entities' merge history. */
  aliases?: AliasClaim[];
}

/** Entities and facts as written, under their own ids (see `remapped` for merges). */
export interface BatchWriteResult {
  entities: StoredEntity[];
  facts: StoredFact[];
  /** Ids of entities that the batch's aliases made count for another entity. */
  remapped: string[];
}

/** What a batch's write saves beside its documents: the jobs they complete, the folder files they stand for. */
export interface BatchRecords {
  jobs?: JobRecord[];
  files?: FolderFileRecord[];
}

/** A document with every one of its chunks, written at once by `writeDocuments`. */
export interface WholeDocument {
  doc: DocumentRecord;
  writes: ChunkWrite[];
}

export interface DocumentsWriteResult {
  /** Every document's entities and facts together, and the merges their aliases made. */
  written: BatchWriteResult;
  /** Facts stored for each document, in the order given. */
  factCounts: number[];
  /** The old content of the documents that were replaced. */
  removed: DeleteResult[];
}

export interface DeleteResult {
  factIds: string[];
  entityIds: string[];
  /** Ids of entities that counted for another only because of the deleted document, now on their own again. */
  remapped: string[];
}

export interface ScoredRow {
  chunkId: string;
  score: number;
}

export interface VectorIndexInfo {
  id: number;
  embedderId: string;
  dimensions: number;
}

export interface Page {
  limit: number;
  offset: number;
}

/** Per-account knowledge store. */
export interface KnowledgeStore extends FolderStore, MentionGraphStore {
  /** Stores each job with its input, which is read back only when the job runs. */
  createJobs(jobs: { job: JobRecord; input: DocumentInput }[]): Promise<void>;
  updateJob(job: JobRecord): Promise<void>;
  getJob(id: string): Promise<JobRecord | null>;
  getJobInput(id: string): Promise<JobInput | null>;
  listUnfinishedJobs(): Promise<JobRecord[]>;
  /** The most recent jobs (inserts and uploads), newest first. */
  listRecentJobs(limit: number): Promise<JobRecord[]>;

  /** Stores the upload, its bytes and its job in one transaction. */
  createUpload(upload: UploadRecord, bytes: Uint8Array, job: JobRecord): Promise<void>;
  getUpload(id: string): Promise<UploadRecord | null>;
  updateUpload(upload: UploadRecord): Promise<void>;
  getUploadBytes(id: string): Promise<Uint8Array | null>;
  /** The bytes are kept only until their job has finished. */
  dropUploadBytes(id: string): Promise<void>;

  beginDocument(doc: DocumentRecord): Promise<void>;
  writeChunkBatch(documentId: string, index: VectorIndexInfo | null, batch: ChunkWrite[]): Promise<BatchWriteResult>;
  finishDocument(documentId: string, counts: { chunkCount: number; factCount: number }): Promise<void>;
  getDocument(id: string): Promise<DocumentRecord | null>;
  listDocuments(page: Page): Promise<{ documents: DocumentRecord[]; total: number }>;
  /** Removes the document, its chunks, vectors and the facts and entities only it supported. */
  deleteDocument(id: string): Promise<DeleteResult | null>;
  /** Ids of documents left half-written by a crash. */
  listIndexingDocuments(): Promise<string[]>;
  /**
   * In one transaction: `targetId` loses its content (as in `deleteDocument`) and takes over the
   * finished content of `stagedId`, which stops existing. Readers see the old content or the new.
   */
  replaceDocument(targetId: string, stagedId: string, counts: { chunkCount: number; factCount: number }, at: string): Promise<DeleteResult | null>;
  /**
   * Several small documents, each stored whole and ready, all in one transaction (the files of a
   * folder scan). A document whose id is already stored is replaced: its old content goes in the
   * same transaction, and it keeps its creation time and gains `updated_at` = `at`. `records`, given
   * the facts stored for each document, returns the job and folder-file records saved in that same
   * transaction, so a job is completed, and a file is indexed, exactly when its document is written.
   */
  writeDocuments(
    documents: WholeDocument[],
    index: VectorIndexInfo | null,
    at: string,
    records?: (factCounts: readonly number[]) => BatchRecords,
  ): Promise<DocumentsWriteResult>;

  getChunks(ids: string[]): Promise<ChunkRecord[]>;
  /** The chunks just before and just after each of these in its document (by ordinal). */
  neighbouringChunks(ids: string[]): Promise<ChunkRecord[]>;
  /**
   * BM25 over any of `terms`, or any of `sequences` (terms that must stand in that order, next to
   * each other). `scope`: only these documents (conversation uploads); null: every document kept in memory.
   */
  searchText(terms: string[], limit: number, scope: string[] | null, sequences?: string[][]): Promise<ScoredRow[]>;
  /** In how many chunks each term occurs, and how many chunks there are. */
  termStats(terms: string[]): Promise<{ chunkCount: number; docFrequency: Map<string, number> }>;
  /** The most frequent indexed terms that start with `prefix`, with their chunk counts. */
  termsWithPrefix(prefix: string, limit: number): Promise<Map<string, number>>;

  /** The index for this embedder, created when missing; the first index created becomes the active one. */
  ensureVectorIndex(embedderId: string, dimensions: number): Promise<VectorIndexInfo>;
  searchVectors(index: VectorIndexInfo, vector: Float32Array, limit: number, scope: string[] | null): Promise<ScoredRow[]>;
  /** The index queries and inserts use; another one may be building beside it. */
  activeVectorIndex(): Promise<VectorIndexInfo | null>;
  /** Chunks with no vector in `index`, in storage order after `cursor` (0 to start). */
  chunksWithoutVector(index: VectorIndexInfo, cursor: number, limit: number): Promise<{ chunks: { id: string; text: string }[]; cursor: number }>;
  countChunksWithoutVector(index: VectorIndexInfo): Promise<number>;
  writeVectors(index: VectorIndexInfo, vectors: { chunkId: string; vector: Float32Array }[]): Promise<void>;
  /** Makes `index` the active one, atomically, if every chunk has its vector; false otherwise. */
  activateVectorIndex(index: VectorIndexInfo): Promise<boolean>;

  /**
   * Entity reads resolve across documents: an entity another document gave an alias to (its
   * "member") is read as that entity, and reading an entity includes its members' mentions and facts.
   */
  findEntitiesByKeys(keys: string[]): Promise<StoredEntity[]>;
  getEntities(ids: string[]): Promise<StoredEntity[]>;
  /** The surest facts of each entity, up to `perEntity` each. */
  factsOfEntities(entityIds: string[], perEntity: number): Promise<StoredFact[]>;
  getFacts(ids: string[]): Promise<StoredFact[]>;
  factsOfChunks(chunkIds: string[], limit: number): Promise<StoredFact[]>;
  /** Every fact read from one document, in reading order (chunk, then sentence), one page of them. */
  factsOfDocument(documentId: string, page: Page): Promise<{ facts: StoredFact[]; total: number }>;
  /** Chunks where the entities are mentioned, most mentions first. */
  chunksMentioning(entityIds: string[], limit: number, scope: string[] | null): Promise<ScoredRow[]>;
  /** Named entities that share passages with these, most shared mentions first. */
  coMentioned(entityIds: string[], limit: number, scope: string[] | null): Promise<{ entityId: string; score: number }[]>;
  /** Named entities (not concepts, dates or amounts) mentioned in each of these chunks, most mentions first. */
  namedEntitiesOfChunks(chunkIds: string[]): Promise<{ chunkId: string; entity: StoredEntity; count: number }[]>;
  /** Every relationship fact under its stored ids; `mergedEntities` says which entities count for others. */
  allRelationships(): Promise<StoredFact[]>;
  allEntities(): Promise<StoredEntity[]>;
  /** The entity an id counts for, its members and its merge history; null for an unknown id. */
  entityResolution(id: string): Promise<EntityResolution | null>;
  /** Every entity that counts for another, with the one it counts for. */
  mergedEntities(): Promise<{ entityId: string; canonicalId: string }[]>;

  createConversation(conversation: ConversationRecord): Promise<void>;
  getConversation(id: string): Promise<ConversationRecord | null>;
  listConversations(limit: number): Promise<ConversationRecord[]>;
  renameConversation(id: string, title: string, at: string): Promise<void>;
  softDeleteConversation(id: string, at: string): Promise<void>;
  appendMessages(id: string, messages: MessageRecord[]): Promise<void>;
  getMessages(id: string): Promise<MessageRecord[]>;

  /** Writes a consistent copy of the whole store to `file`, while writes go on. */
  snapshot(file: string): Promise<void>;
  close(): Promise<void>;
}

export type Plan = 'free' | 'pro' | 'local';

export interface AccountRecord {
  id: string;
  email: string;
  passwordHash: string | null;
  plan: Plan;
  /** Where an enterprise account's own database lives; null = the shared data folder. */
  storageDir: string | null;
  createdAt: string;
}

export interface ApiKeyRecord {
  id: string;
  accountId: string;
  name: string;
  prefix: string;
  kind: 'live' | 'ent';
  hash: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** System-wide store: accounts, keys and usage counters. */
export interface AccountStore {
  createAccount(account: AccountRecord): Promise<void>;
  getAccount(id: string): Promise<AccountRecord | null>;
  listAccounts(): Promise<AccountRecord[]>;
  findAccountByEmail(email: string): Promise<AccountRecord | null>;
  createKey(key: ApiKeyRecord): Promise<void>;
  findKeyByHash(hash: string): Promise<ApiKeyRecord | null>;
  listKeys(accountId: string): Promise<ApiKeyRecord[]>;
  revokeKey(accountId: string, keyId: string, at: string): Promise<boolean>;
  touchKey(keyId: string, at: string): Promise<void>;
  /** Adds one to the period's query count unless it is at `limit`; returns the count after. */
  countQuery(accountId: string, period: string, limit: number | null): Promise<{ used: number; allowed: boolean }>;
  getQueryCount(accountId: string, period: string): Promise<number>;
  close(): Promise<void>;
}

/**
 * The mention index read as a graph: which entities passages name together. Entity ids are read
 * with resolution across documents (an entity stands for its merged members). Counts cover every
 * stored passage; the passages listed are those of finished documents kept in memory.
 */
export interface MentionGraphStore {
  /** Passages in the base, and how many of them mention each of these entities. */
  mentionCounts(entityIds: string[]): Promise<{ passages: number; counts: Map<string, number> }>;
  /** The entities the most passages mention, most first, leaving out entities of `excludeTypes`. */
  mostMentioned(limit: number, excludeTypes: string[]): Promise<{ entityId: string; passages: number }[]>;
  /**
   * The newest `perEntity` passages of each entity, each with every entity it names (not of
   * `excludeTypes`): what co-mentions are counted from.
   */
  passageMentions(entityIds: string[], perEntity: number, excludeTypes: string[]): Promise<{ chunkId: string; entityIds: string[] }[]>;
  /** Passages that mention both entities, newest first, and how many there are. */
  passagesMentioningBoth(a: string, b: string, limit: number): Promise<{ chunkIds: string[]; total: number }>;
}

/**
 * Watched folders of the local owner's knowledge base, kept in the same store as its documents so
 * a file's row and its document change together.
 */
export interface FolderStore {
  createFolder(folder: FolderRecord): Promise<void>;
  updateFolder(folder: FolderRecord): Promise<void>;
  listFolders(): Promise<FolderRecord[]>;
  getFolder(id: string): Promise<FolderRecord | null>;
  /** Drops the folder and its file rows; `keepDocuments`: its documents stay as ordinary uploads. */
  deleteFolder(id: string, keepDocuments: boolean): Promise<void>;
  countFolderFiles(folderId: string): Promise<FolderCounts>;
  /** Every file row of the folder, or (with `page`) one page of them in path order. */
  listFolderFiles(folderId: string, page?: Page): Promise<FolderFileRecord[]>;
  getFolderFile(folderId: string, path: string): Promise<FolderFileRecord | null>;
  /** Rows with this content whose files may have moved (rename detection). */
  folderFilesWithHash(folderId: string, hash: string): Promise<FolderFileRecord[]>;
  /** Whether the folder lists a file under the directory `dir` (a relative path, at any depth). */
  hasFolderFilesUnder(folderId: string, dir: string): Promise<boolean>;
  putFolderFiles(files: FolderFileRecord[]): Promise<void>;
  deleteFolderFile(folderId: string, path: string): Promise<void>;
  /**
   * The row at `from` now stands for the file at `to` (a rename or move keeps the document); with
   * `document`, that document's title and metadata change in the same transaction.
   */
  moveFolderFile(
    folderId: string,
    from: string,
    to: string,
    at: { size: number; mtimeMs: number; updatedAt: string },
    document?: { id: string; title: string; metadata: JsonObject },
  ): Promise<void>;
  /**
   * The file whose document this was (deleted by the user) keeps its row without a document: it is
   * `skipped` with `reason` until its content changes, and is then indexed as a new document.
   */
  releaseFolderDocument(documentId: string, reason: string, at: string): Promise<void>;
}

/** What the file system says about one path inside a watched folder. */
export type FolderEntry =
  | { kind: 'file'; path: string; size: number; mtimeMs: number }
  /** A symbolic link (or a path through one) that resolves outside the folder: never read. */
  | { kind: 'outside'; path: string };

/** Read-only access to watched folders; every path is relative to `root`, with forward slashes. */
export interface FolderFs {
  /** The resolved absolute directory, or why it cannot be watched. */
  inspectRoot(path: string): Promise<{ ok: true; path: string } | { ok: false; reason: string }>;
  exists(root: string): Promise<boolean>;
  /** Every file below `root`, not descending into directories that `skipDir` refuses. */
  walk(root: string, skipDir: (path: string) => boolean): AsyncIterable<FolderEntry>;
  /** One path; null when it is not there or not a regular file. */
  stat(root: string, path: string): Promise<FolderEntry | null>;
  /** The file's bytes; refuses a path that resolves outside `root`. */
  read(root: string, path: string): Promise<Uint8Array>;
}

/** A change under a watched folder: a path (file or directory) to look at again, or the folder itself gone. */
/** `rescan`: the watcher may have missed changes (it renewed its watches), so the folder is scanned again. */
export type FolderChange = { kind: 'path'; path: string } | { kind: 'root-gone' } | { kind: 'rescan' } | { kind: 'error'; message: string };

export interface FolderWatcher {
  /**
   * Watches `root`, leaving out what `skipDir` refuses (relative paths, as in `FolderFs`). `ready`
   * settles once changes are being reported (or watching failed, which `onChange` tells).
   */
  watch(root: string, skipDir: (path: string) => boolean, onChange: (change: FolderChange) => void): { ready: Promise<void>; close(): Promise<void> };
}

/** A word close in meaning to another, or a phrase whose terms must all appear ("last frontier"). */
export interface RelatedTerm {
  /** Analysed terms (text/analyze.ts). */
  terms: string[];
  /**
   * Closeness, 0..1. WordNet: 1 for a synonym in the word's most used sense, less for rarer senses
   * and looser relations (derived forms, hypernyms). Vectors: the cosine. Compound: 1 for the two
   * words a term the index lacks is written from ("payday": pay, day; term-variants.ts). Phrase:
   * a WordNet synonym of the two-word lemma the term is part of ("fish tank" → aquarium).
   */
  weight: number;
  source: 'wordnet' | 'vectors' | 'compound' | 'phrase';
}

/**
 * A model of what sentences mean (English), asked by the coverage gate when a question's words
 * leave it unsure whether the passages answer: unit vectors, whose dot product is their closeness.
 */
export interface SentenceEncoder {
  encode(texts: string[]): Promise<Float32Array[]>;
}

/** General-English knowledge about words, keyed by analysed terms (stems). */
export interface Lexicon {
  /** How informative a term is in general English, 0 (the commonest words) to 1; undefined when unknown (rare, or not English). */
  prior(term: string): number | undefined;
  /** Terms close in meaning: WordNet synonyms (weight 1) and vector neighbours (cosine), best first. */
  related(term: string): readonly RelatedTerm[];
  /** The IDF in a passage of about 200 words that a prior of 1 stands for, to compare priors with the base's own IDF; 0 when unknown. */
  priorIdf(): number;
  /** Whether two analysed terms, in this order, are a lemma of their own ("black hole", "time signature"). */
  isPhrase(first: string, second: string): boolean;
  /** What such a lemma means in other words ("fish tank" → "aquarium"), best first: WordNet's synonyms, as source 'phrase'. */
  phraseRelated(first: string, second: string): readonly RelatedTerm[];
  /** The term's word vector scaled by how much the term says (a common word little); undefined when it has none. */
  meaning(term: string): Float32Array | undefined;
  /** Resolves once data read ahead of the first query is in (at once when nothing is read ahead). */
  ready?(): Promise<void>;
  /** Whether general English writes this lower-case word as it stands ("making", not "makiing"); absent without a word list. */
  isWord?(word: string): boolean;
}

export const emptyLexicon: Lexicon = { prior: () => undefined, related: () => [], priorIdf: () => 0, isPhrase: () => false, phraseRelated: () => [], meaning: () => undefined };
