import type { KnowledgeStore, VectorIndexInfo } from '../../core/ports';
import type { Db } from './open-database';
import { IN_SCOPE, scopeParam } from './scope';

export const vectorTableName = (id: number): string => `vec_index_${Math.trunc(id)}`;

type VectorPart = Pick<
  KnowledgeStore,
  'ensureVectorIndex' | 'searchVectors' | 'activeVectorIndex' | 'chunksWithoutVector' | 'countChunksWithoutVector' | 'writeVectors' | 'activateVectorIndex'
>;
type IndexRow = { id: number; embedder_id: string; dimensions: number };
type SearchParams = { vector: Buffer; k: number; scope: string | null; limit: number };

const toInfo = (row: IndexRow): VectorIndexInfo => ({ id: row.id, embedderId: row.embedder_id, dimensions: row.dimensions });
const vectorBuffer = (v: Float32Array): Buffer => Buffer.from(v.buffer, v.byteOffset, v.byteLength);

/**
 * One sqlite-vec table per embedder: an index never mixes vectors of two models or dimensions,
 * and a new embedder gets its own table beside the old one, which stays active (queried and
 * written by inserts) until the new one holds every chunk.
 */
export function createVectorQueries(db: Db): VectorPart {
  // Created here rather than in a numbered migration so that databases of every schema version
  // get it; no row means the newest index is the active one, as it was before switching existed.
  db.exec('CREATE TABLE IF NOT EXISTS active_vector_index (one INTEGER PRIMARY KEY CHECK (one = 1), index_id INTEGER NOT NULL)');
  const find = db.prepare<[string], IndexRow>('SELECT id, embedder_id, dimensions FROM vector_indexes WHERE embedder_id = ?');
  const insert = db.prepare('INSERT INTO vector_indexes (embedder_id, dimensions, created_at) VALUES (?, ?, ?)');
  const rename = db.prepare('UPDATE vector_indexes SET embedder_id = ? WHERE id = ?');
  const active = db.prepare<[], IndexRow>(
    `SELECT v.id, v.embedder_id, v.dimensions FROM vector_indexes v
     WHERE v.id = coalesce((SELECT index_id FROM active_vector_index), (SELECT max(id) FROM vector_indexes))`,
  );
  const setActive = db.prepare('INSERT OR REPLACE INTO active_vector_index (one, index_id) VALUES (1, ?)');
  const searches = new Map<number, ReturnType<typeof db.prepare<[SearchParams], { id: string; distance: number }>>>();
  const missing = (index: VectorIndexInfo, tail: string): string =>
    `FROM chunks c WHERE NOT EXISTS (SELECT 1 FROM ${vectorTableName(index.id)} v WHERE v.rowid = c.rowid) ${tail}`;

  const ensure = db.transaction((embedderId: string, dimensions: number): VectorIndexInfo => {
    const existing = find.get(embedderId);
    if (existing && existing.dimensions === dimensions) return toInfo(existing);
    // Same name, other size (a model replaced under its name): the old index is set aside, never mixed.
    if (existing) rename.run(`${embedderId}#${existing.dimensions}d-${existing.id}`, existing.id);
    const first = active.get() === undefined;
    const id = Number(insert.run(embedderId, dimensions, new Date().toISOString()).lastInsertRowid);
    db.exec(`CREATE VIRTUAL TABLE ${vectorTableName(id)} USING vec0(embedding float[${Math.trunc(dimensions)}] distance_metric=cosine)`);
    if (first) setActive.run(id);
    return { id, embedderId, dimensions };
  });

  const activate = db.transaction((index: VectorIndexInfo): boolean => {
    const left = db.prepare<[], { n: number }>(`SELECT count(*) AS n ${missing(index, '')}`).get()?.n ?? 0;
    if (left > 0) return false;
    setActive.run(index.id);
    return true;
  });

  return {
    ensureVectorIndex: async (embedderId, dimensions) => ensure(embedderId, dimensions),
    activeVectorIndex: async () => {
      const row = active.get();
      return row ? toInfo(row) : null;
    },
    chunksWithoutVector: async (index, cursor, limit) => {
      const rows = db
        .prepare<[number, number], { rowid: number; id: string; text: string }>(`SELECT c.rowid, c.id, c.text ${missing(index, 'AND c.rowid > ? ORDER BY c.rowid LIMIT ?')}`)
        .all(cursor, limit);
      return { chunks: rows.map((r) => ({ id: r.id, text: r.text })), cursor: rows.at(-1)?.rowid ?? cursor };
    },
    countChunksWithoutVector: async (index) => db.prepare<[], { n: number }>(`SELECT count(*) AS n ${missing(index, '')}`).get()?.n ?? 0,
    writeVectors: async (index, vectors) => {
      const rowOf = db.prepare<[string], { rowid: number }>('SELECT rowid FROM chunks WHERE id = ?');
      const put = db.prepare(`INSERT OR REPLACE INTO ${vectorTableName(index.id)} (rowid, embedding) VALUES (?, ?)`);
      db.transaction(() => {
        for (const { chunkId, vector } of vectors) {
          const row = rowOf.get(chunkId);
          // A chunk deleted while its vector was computed simply gets none.
          if (row) put.run(BigInt(row.rowid), vectorBuffer(vector));
        }
      })();
    },
    activateVectorIndex: async (index) => activate(index),
    searchVectors: async (index, vector, limit, scope) => {
      let search = searches.get(index.id);
      if (!search) {
        // vec0 cannot filter inside the scan, so the scan returns extra neighbours for the filter to drop.
        search = db.prepare<[SearchParams], { id: string; distance: number }>(
          `WITH knn AS (SELECT rowid, distance FROM ${vectorTableName(index.id)} WHERE embedding MATCH @vector AND k = @k)
           SELECT c.id, knn.distance FROM knn JOIN chunks c ON c.rowid = knn.rowid
           JOIN documents d ON d.id = c.document_id AND d.state = 'ready'
           WHERE ${IN_SCOPE}
           ORDER BY knn.distance LIMIT @limit`,
        );
        searches.set(index.id, search);
      }
      const rows = search.all({ vector: vectorBuffer(vector), k: scope ? Math.min(4096, limit * 20) : limit * 2, scope: scopeParam(scope), limit });
      return rows.map((r) => ({ chunkId: r.id, score: 1 - r.distance }));
    },
  };
}
