import { join } from 'node:path';
import type { KnowledgeStore } from '../../core/ports';
import { createAliasIndex } from './alias-queries';
import { createConversationQueries } from './conversation-queries';
import { createDocumentQueries } from './document-queries';
import { createFolderQueries } from './folder-queries';
import { createJobQueries } from './job-queries';
import { KNOWLEDGE_MIGRATIONS } from './knowledge-schema';
import { createMentionGraphQueries } from './mention-graph-queries';
import { openDatabase } from './open-database';
import { resolvedReads } from './resolved-reads';
import { createRetrievalQueries } from './retrieval-queries';
import { createUploadQueries } from './upload-queries';
import { createVectorQueries } from './vector-queries';
import type { WalCheckpointer } from './wal-checkpointer';

/** One account's knowledge base in `<dir>/kb.sqlite`; its log checkpointed off the main thread when given a checkpointer. */
export function createSqliteKnowledgeStore(dir: string, checkpointer?: WalCheckpointer): KnowledgeStore {
  const db = openDatabase(join(dir, 'kb.sqlite'), KNOWLEDGE_MIGRATIONS);
  checkpointer?.watch(db);
  const retrieval = createRetrievalQueries(db);
  const { invalidate, ...retrievalPart } = retrieval;
  const aliases = createAliasIndex(db);
  return {
    ...createJobQueries(db),
    ...createDocumentQueries(db, invalidate, aliases),
    ...retrievalPart,
    ...resolvedReads(retrievalPart, aliases),
    entityResolution: async (id) => aliases.resolution(id),
    mergedEntities: async () => aliases.merged(),
    ...createMentionGraphQueries(db, aliases),
    ...createVectorQueries(db),
    ...createConversationQueries(db),
    ...createUploadQueries(db),
    ...createFolderQueries(db, invalidate),
    // SQLite's online backup API: a snapshot of one moment, copied in steps between other work.
    snapshot: async (file) => {
      await db.backup(file);
    },
    close: async () => {
      await checkpointer?.unwatch(db);
      // Fold the WAL back so the database is one self-contained file after a clean stop.
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
  };
}
