import { join } from 'node:path';
import type { QueryRequest } from '../shared/api-schemas';
import type { EngineConfig } from './config';
import { emptyLexicon, type AccountStore, type ChatModel, type Embedder, type Extractor, type FolderFs, type FolderWatcher, type KnowledgeStore, type Lexicon, type SentenceEncoder } from './ports';
import { FolderService } from './folders/folder-service';
import { DEFAULT_FOLDER_TIMING } from './folders/folder-runtime';
import type { FileTypes } from './parse/types';
import { AccountService, type AuthContext } from './accounts/account-service';
import { ensureOwnerAccount, type OwnerKey } from './accounts/owner-account';
import { JobQueue } from './ingest/job-queue';
import { QuestionsFirst } from './questions-first';
import { KbError } from './errors';
import { KnowledgeBase } from './knowledge-base';
import type { PreparedQuery } from './answer/query-service';
import { ModelRuntime } from './models/model-runtime';
import type { ModelBackends, SettingsStore } from './models/model-settings';
import { healthComponents, installedModels } from './models/model-health';
import { modelSettingsView, parseSettingsUpdate, type ModelSettingsView } from './models/settings-view';
import { ModelSetup, type ModelSetupAccess } from './models/model-setup';

export interface EngineAdapters {
  accountStore: AccountStore;
  openKnowledgeStore(dir: string): KnowledgeStore;
  /** Checks a backup and puts it in place of the store in `dir` (closed meanwhile); refuses with invalid_request. */
  restoreKnowledgeStore?(dir: string, bytes: Uint8Array): void;
  extractor: Extractor;
  embedder: Embedder | null;
  chatModel: ChatModel | null;
  /** File type detection and parsers for uploads; null: uploads are refused with 415. */
  fileTypes: FileTypes | null;
  /** Builds model-backed adapters from the settings; absent: the fixed offline set above. */
  models?: ModelBackends;
  /** Where the model settings are kept; absent: they last until the engine stops. */
  settingsStore?: SettingsStore;
  /** The local disk, for watched folders; absent: folders are refused. */
  folderFs?: FolderFs;
  /** Watches folders for changes; absent: folders are only scanned (at start and on rescan). */
  folderWatcher?: FolderWatcher;
  /** General-English word knowledge for retrieval and the coverage gate; absent: none. */
  lexicon?: Lexicon;
  /** A model of sentence meaning the coverage gate asks when words leave it unsure; absent: words alone. */
  encoder?: SentenceEncoder & { close?(): Promise<void> };
}

export interface HealthRecord {
  status: 'healthy' | 'degraded';
  version: string;
  timestamp: string;
  components: Record<string, string> & { database: string; embedder: string; answer_model: string; extractor: string };
}

export interface Engine {
  readonly config: EngineConfig;
  readonly accounts: AccountService;
  /** Creates the owner account if needed and resumes unfinished jobs of every account. */
  start(): Promise<{ owner: OwnerKey; resumedJobs: number }>;
  knowledgeBase(auth: AuthContext): KnowledgeBase;
  /** The watched folders of the local owner account; every other account is refused (forbidden). */
  folders(auth: AuthContext): FolderService;
  /** Counts the query against the quota, then retrieves. */
  query(auth: AuthContext, request: QueryRequest): Promise<PreparedQuery>;
  /** Writes a consistent snapshot of the caller's whole knowledge base to `file`. */
  backup(auth: AuthContext, file: string): Promise<void>;
  /** Replaces the caller's knowledge base, which must be empty, with a backup; its unfinished jobs resume. */
  restore(auth: AuthContext, bytes: Uint8Array): Promise<void>;
  /** Resolves when no ingest job is waiting or running. */
  idle(): Promise<void>;
  health(): Promise<HealthRecord>;
  /** The answer model provider, whether it answers, and the models it can run now (a running one may have none). */
  answerModels(): Promise<{ provider: string | null; reachable: boolean; available: string[] }>;
  /** The model settings, and what is loaded and being built for the caller's account. */
  modelSettings(auth: AuthContext): Promise<ModelSettingsView>;
  /** Changes model settings (the local owner only): saved, applied at once, indexes rebuilt in the background. */
  updateModelSettings(auth: AuthContext, patch: unknown): Promise<ModelSettingsView>;
  /** First-run model setup, per installation: the local owner only (forbidden for every other account). */
  modelSetup(auth: AuthContext): ModelSetupAccess;
  close(): Promise<void>;
}

/**
 * Builds the engine from its configuration and adapters. It knows nothing of HTTP, Electron or
 * the environment: the entry points decide all of that.
 *
 * @example
 * const engine = createEngine(resolveConfig({ dataDir }), createDefaultAdapters(dataDir));
 * await engine.start();
 */
export function createEngine(config: EngineConfig, adapters: EngineAdapters): Engine {
  const accounts = new AccountService(adapters.accountStore, config);
  const queue = new JobQueue(config.jobConcurrency);
  const questions = new QuestionsFirst();
  const stopping = new AbortController();
  const bases = new Map<string, KnowledgeBase>();
  const models = new ModelRuntime(config, adapters.extractor, adapters.embedder, adapters.models ?? null, adapters.settingsStore ?? null);
  // A newly loaded embedder: every open knowledge base builds its index in the background.
  models.onEmbedderReady(() => {
    for (const kb of bases.values()) void kb.syncVectors();
  });

  const setup = new ModelSetup({ models, installer: adapters.models?.installer ?? null, config: config.models.setup });

  // Knowledge bases being replaced by a restore: nobody may open them until it is done.
  const restoring = new Set<string>();
  const baseAt = (dir: string): KnowledgeBase => {
    if (restoring.has(dir)) throw new KbError('conflict', 'a restore into this knowledge base is in progress; try again when it ends');
    let kb = bases.get(dir);
    if (!kb) {
      kb = new KnowledgeBase({ store: adapters.openKnowledgeStore(dir), models, fileTypes: adapters.fileTypes, lexicon: adapters.lexicon ?? emptyLexicon, encoder: adapters.encoder ?? null, queue, questions, config, stopping: stopping.signal });
      bases.set(dir, kb);
    }
    return kb;
  };
  // Watched folders read the local disk: only the local owner's knowledge base has them.
  const folderServices = new Map<string, FolderService>();
  const folderServiceAt = (dir: string): FolderService => {
    const fs = adapters.folderFs;
    if (!fs) throw new KbError('invalid_request', 'this engine was built without access to folders');
    let service = folderServices.get(dir);
    if (!service) {
      const kb = baseAt(dir);
      service = new FolderService({
        store: kb.store,
        ingest: (source) => kb.ingestSource(source),
        ingestBatch: (items, records) => kb.ingestBatch(items, records),
        removeDocument: (id) => kb.removeDocument(id),
        fs,
        watcher: adapters.folderWatcher ?? null,
        fileTypes: adapters.fileTypes,
        maxFileBytes: config.limits.maxUploadBytes,
        signal: stopping.signal,
        timing: DEFAULT_FOLDER_TIMING,
        turn: () => questions.turn(),
      });
      folderServices.set(dir, service);
    }
    return service;
  };

  // An enterprise key keeps its account's data in the storage configured for that account.
  const dirOf = (auth: AuthContext): string =>
    auth.key.kind === 'ent' && auth.account.storageDir ? auth.account.storageDir : join(config.dataDir, 'accounts', auth.account.id);

  return {
    config,
    accounts,
    async start() {
      const owner = await ensureOwnerAccount(accounts, adapters.accountStore, config.dataDir);
      await models.start();
      let resumedJobs = 0;
      for (const account of await accounts.listAccounts()) {
        const kb = baseAt(join(config.dataDir, 'accounts', account.id));
        resumedJobs += await kb.resume();
        void kb.syncVectors();
        if (account.plan === 'local' && adapters.folderFs) await folderServiceAt(join(config.dataDir, 'accounts', account.id)).start();
      }
      return { owner, resumedJobs };
    },
    knowledgeBase: (auth) => baseAt(dirOf(auth)),
    folders(auth) {
      // No path from any other account is ever read: the refusal comes before the request is looked at.
      if (auth.account.plan !== 'local') throw new KbError('forbidden', 'watched folders belong to the local owner account');
      return folderServiceAt(dirOf(auth));
    },
    async query(auth, request) {
      await accounts.consumeQuery(auth);
      return baseAt(dirOf(auth)).prepareQuery(request);
    },
    backup: (auth, file) => baseAt(dirOf(auth)).snapshot(file),
    async restore(auth, bytes) {
      const restoreStore = adapters.restoreKnowledgeStore;
      if (!restoreStore) throw new KbError('invalid_request', 'this engine was built without a restorable store');
      const dir = dirOf(auth);
      const kb = baseAt(dir);
      restoring.add(dir);
      try {
        // Restoring over data would silently drop it: the caller empties the account (or uses a fresh one) first.
        if (!(await kb.isEmpty())) throw new KbError('conflict', 'restore needs an empty knowledge base: delete its documents and conversations first, or restore into a fresh data folder');
        // The folders work on the store about to be replaced: they stop with it.
        const folders = folderServices.get(dir);
        folderServices.delete(dir);
        await folders?.close();
        bases.delete(dir);
        await kb.close();
        restoreStore(dir, bytes);
      } finally {
        restoring.delete(dir);
      }
      const restored = baseAt(dir);
      await restored.resume();
      void restored.syncVectors();
      // The restored base's own folders (if the backup has any) are watched from now on; a full scan brings them up to date.
      if (auth.account.plan === 'local' && adapters.folderFs) await folderServiceAt(dir).start();
    },
    idle: () => queue.onIdle(),
    async health() {
      const { degraded, components } = await healthComponents(models);
      return { status: degraded ? 'degraded' : 'healthy', version: config.version, timestamp: new Date().toISOString(), components: { database: 'ok', ...components } };
    },
    async answerModels() {
      const model = models.chatModel();
      const available = await installedModels(model);
      return { provider: model?.provider ?? null, reachable: available !== null, available: available ?? [] };
    },
    modelSettings: async (auth) => modelSettingsView(models, baseAt(dirOf(auth)).vectorStatus()),
    async updateModelSettings(auth, patch) {
      if (auth.account.plan !== 'local') throw new KbError('forbidden', 'only the local owner account can change the model settings');
      if (!models.canChange) throw new KbError('invalid_request', 'this engine was built without model adapters; its models cannot be changed');
      await models.update(parseSettingsUpdate(models.settings(), patch));
      return modelSettingsView(models, baseAt(dirOf(auth)).vectorStatus());
    },
    modelSetup(auth) {
      // Models are installed on this machine's disk for everyone on it: only its owner decides.
      if (auth.account.plan !== 'local') throw new KbError('forbidden', 'model setup belongs to the local owner account');
      const kb = baseAt(dirOf(auth));
      return {
        status: () => setup.status(kb.vectorStatus()),
        pull: (model, activate) => setup.pull(model, activate),
        download: (model, activate) => setup.download(model, activate),
        cancel: (id) => setup.cancel(id),
      };
    },
    async close() {
      // Aborted first: a folder waiting for its file's turn in the queue stops at once.
      stopping.abort();
      for (const service of folderServices.values()) await service.close();
      folderServices.clear();
      queue.clear();
      await queue.onIdle();
      for (const kb of bases.values()) await kb.close();
      bases.clear();
      await setup.close();
      await models.close();
      await adapters.extractor.close?.();
      await adapters.encoder?.close?.();
      await adapters.accountStore.close();
    },
  };
}
