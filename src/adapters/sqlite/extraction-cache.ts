import type { ExtractionResult } from '../../core/extract/types';
import { openDatabase } from './open-database';

export interface ExtractionCache {
  get(model: string, chunkHash: string): ExtractionResult | null;
  put(model: string, chunkHash: string, result: ExtractionResult): void;
  close(): void;
}

const MIGRATIONS = [
  {
    version: 1,
    sql: `CREATE TABLE extractions (
  model TEXT NOT NULL,
  chunk_hash TEXT NOT NULL,
  result TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (model, chunk_hash)
) WITHOUT ROWID;`,
  },
];

/**
 * Model extractions by (model, chunk hash) in their own database file, so re-ingesting a text,
 * retrying a failed job or resuming after a restart never pays for the same chunk twice.
 */
export function openExtractionCache(file: string): ExtractionCache {
  const db = openDatabase(file, MIGRATIONS);
  const select = db.prepare<[string, string], { result: string }>('SELECT result FROM extractions WHERE model = ? AND chunk_hash = ?');
  const upsert = db.prepare('INSERT OR REPLACE INTO extractions (model, chunk_hash, result, created_at) VALUES (?, ?, ?, ?)');
  return {
    get(model, chunkHash) {
      const row = select.get(model, chunkHash);
      return row ? (JSON.parse(row.result) as ExtractionResult) : null;
    },
    put(model, chunkHash, result) {
      upsert.run(model, chunkHash, JSON.stringify(result), new Date().toISOString());
    },
    close: () => db.close(),
  };
}
