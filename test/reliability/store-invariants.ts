import Database from 'better-sqlite3';
import { join } from 'node:path';
import * as sqliteVec from 'sqlite-vec';

export interface StoreReport {
  integrity: string;
  ready: number;
  indexing: number;
  /** Ready documents missing some of their chunks, terms, vectors or facts. */
  halfIndexed: string[];
  /** Facts or mentions of documents that no longer exist. */
  orphans: number;
  jobs: Record<string, number>;
}

/** Reads an account's kb.sqlite directly (read-only, beside the running server) and checks it is whole. */
export function inspectStore(dataDir: string, accountId?: string): StoreReport {
  const system = new Database(join(dataDir, 'system.sqlite'), { readonly: true });
  const account = accountId ?? (system.prepare("SELECT id FROM accounts WHERE plan = 'local'").get() as { id: string }).id;
  system.close();
  const db = new Database(join(dataDir, 'accounts', account, 'kb.sqlite'), { readonly: true });
  sqliteVec.load(db);
  try {
    const integrity = String(db.pragma('integrity_check', { simple: true }));
    const index = db.prepare('SELECT max(id) AS id FROM vector_indexes').get() as { id: number | null };
    const docs = db.prepare('SELECT id, chunk_count, fact_count, state FROM documents').all() as { id: string; chunk_count: number; fact_count: number; state: string }[];
    const count = (sql: string, id: string): number => (db.prepare(sql).get(id) as { n: number }).n;
    const halfIndexed: string[] = [];
    for (const doc of docs.filter((d) => d.state === 'ready')) {
      const chunks = count('SELECT count(*) AS n FROM chunks WHERE document_id = ?', doc.id);
      const facts = count('SELECT count(*) AS n FROM facts WHERE document_id = ?', doc.id);
      const noTerms = count('SELECT count(*) AS n FROM chunks c WHERE c.document_id = ? AND NOT EXISTS (SELECT 1 FROM chunks_fts_docsize d WHERE d.id = c.rowid)', doc.id);
      const noVector = index.id === null ? chunks : count(`SELECT count(*) AS n FROM chunks c WHERE c.document_id = ? AND NOT EXISTS (SELECT 1 FROM vec_index_${index.id} v WHERE v.rowid = c.rowid)`, doc.id);
      if (chunks !== doc.chunk_count || chunks === 0 || facts !== doc.fact_count || noTerms > 0 || noVector > 0) {
        halfIndexed.push(`${doc.id}: ${chunks}/${doc.chunk_count} chunks, ${facts}/${doc.fact_count} facts, ${noTerms} without terms, ${noVector} without vectors`);
      }
    }
    const orphans =
      (db.prepare('SELECT count(*) AS n FROM facts f WHERE NOT EXISTS (SELECT 1 FROM documents d WHERE d.id = f.document_id)').get() as { n: number }).n +
      (db.prepare('SELECT count(*) AS n FROM chunks c WHERE NOT EXISTS (SELECT 1 FROM documents d WHERE d.id = c.document_id)').get() as { n: number }).n;
    const jobs = Object.fromEntries((db.prepare('SELECT status, count(*) AS n FROM jobs GROUP BY status').all() as { status: string; n: number }[]).map((r) => [r.status, r.n]));
    return { integrity, ready: docs.filter((d) => d.state === 'ready').length, indexing: docs.filter((d) => d.state === 'indexing').length, halfIndexed, orphans, jobs };
  } finally {
    db.close();
  }
}
