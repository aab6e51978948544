import { join } from 'node:path';
import type { QueryRequest } from '../shared/api-schemas';
import type { EngineConfig } from './config';
import type { AccountStore, ChatModel, Embedder, Extractor, KnowledgeStore } from './ports';
import type { FileTypes } from './parse/types';
import { AccountService, type AuthContext } from './accounts/account-service';
import { ensureOwnerAccount, type OwnerKey } from './accounts/owner-account';
import { JobQueue } from './ingest/job-queue';
import { KnowledgeBase } from './knowledge-base';
import type { PreparedQuery } from './answer/query-service';

export interface EngineAdapters {
  accountStore: AccountStore;
  openKnowledgeStore(dir: string): KnowledgeStore;
  extractor: Extractor;
  embedder: Embedder | null;
  chatModel: ChatModel | null;
  /** File type detection and parsers for uploads; null: uploads are refused with 415. */
  fileTypes: FileTypes | null;
}

export interface HealthRecord {
  status: 'healthy' | 'degraded';
  version: string;
  timestamp: string;
  components: { database: string; embedder: string; answer_model: string; extractor: string };
}

export interface Engine {
  readonly config: EngineConfig;
  readonly accounts: AccountService;
  /** Creates the owner account if needed and resumes unfinished jobs of every account. */
  start(): Promise<{ owner: OwnerKey; resumedJobs: number }>;
  knowledgeBase(auth: AuthContext): KnowledgeBase;
  /** Counts the query against the quota, then retrieves. */
  query(auth: AuthContext, request: QueryRequest): Promise<PreparedQuery>;
  /** Resolves when no ingest job is waiting or running. */
  idle(): Promise<void>;
  health(): Promise<HealthRecord>;
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
  const stopping = new AbortController();
  const bases = new Map<string, KnowledgeBase>();

  const baseAt = (dir: string): KnowledgeBase => {
    let kb = bases.get(dir);
    if (!kb) {
      const { extractor, embedder, chatModel, fileTypes } = adapters;
      kb = new KnowledgeBase({ store: adapters.openKnowledgeStore(dir), extractor, embedder, chatModel, fileTypes, queue, config, stopping: stopping.signal });
      bases.set(dir, kb);
    }
    return kb;
  };
  // An enterprise key keeps its account's data in the storage configured for that account.
  const dirOf = (auth: AuthContext): string =>
    auth.key.kind === 'ent' && auth.account.storageDir ? auth.account.storageDir : join(config.dataDir, 'accounts', auth.account.id);

  return {
    config,
    accounts,
    async start() {
      const owner = await ensureOwnerAccount(accounts, adapters.accountStore, config.dataDir);
      let resumedJobs = 0;
      for (const account of await accounts.listAccounts()) {
        resumedJobs += await baseAt(join(config.dataDir, 'accounts', account.id)).resume();
      }
      return { owner, resumedJobs };
    },
    knowledgeBase: (auth) => baseAt(dirOf(auth)),
    async query(auth, request) {
      await accounts.consumeQuery(auth);
      return baseAt(dirOf(auth)).prepareQuery(request);
    },
    idle: () => queue.onIdle(),
    async health() {
      return {
        status: 'healthy',
        version: config.version,
        timestamp: new Date().toISOString(),
        components: {
          database: 'ok',
          embedder: adapters.embedder ? adapters.embedder.id : 'none',
          answer_model: adapters.chatModel ? adapters.chatModel.provider : 'extractive (no language model configured)',
          extractor: adapters.extractor.id,
        },
      };
    },
    async close() {
      stopping.abort();
      queue.clear();
      await queue.onIdle();
      for (const kb of bases.values()) await kb.close();
      bases.clear();
      await adapters.extractor.close?.();
      await adapters.accountStore.close();
    },
  };
}
