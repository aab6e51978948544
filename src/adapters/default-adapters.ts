import { join } from 'node:path';
import type { EngineAdapters } from '../core/engine';
import { createHashedEmbedder } from '../core/embed/hashed-embedder';
import { createBuiltinExtractor } from '../core/extract/builtin-extractor';
import { createSqliteAccountStore } from './sqlite/account-store';
import { createSqliteKnowledgeStore } from './sqlite/knowledge-store';

/** The offline set: SQLite on disk, the built-in extractor and the hashed embedder. */
export function createDefaultAdapters(dataDir: string): EngineAdapters {
  return {
    accountStore: createSqliteAccountStore(join(dataDir, 'system.sqlite')),
    openKnowledgeStore: createSqliteKnowledgeStore,
    extractor: createBuiltinExtractor(),
    embedder: createHashedEmbedder(),
    chatModel: null,
  };
}
