import type { KnowledgeStore, VectorIndexInfo } from '../../core/ports';
import type { Db } from './open-database';

export const vectorTableName = (id: number): string => `vec_index_${Math.trunc(id)}`;

/**
 * One sqlite-vec table per embedder: an index never mixes vectors of two models or dimensions,
 * and a new embedder gets its own table beside the old one.
 */
export function createVectorQueries(db: Db): Pick<KnowledgeStore, 'ensureVectorIndex' | 'searchVectors'> {
  const find = db.prepare<[string], { id: number; embedder_id: string; dimensions: number }>(
    'SELECT id, embedder_id, dimensions FROM vector_indexes WHERE embedder_id = ?',
  );
  const insert = db.prepare('INSERT INTO vector_indexes (embedder_id, dimensions, created_at) VALUES (?, ?, ?)');
  const searches = new Map<number, ReturnType<typeof db.prepare<[{ vector: Buffer; k: number; scope: string | null; limit: number }], { id: string; distance: number }>>>();

  const ensure = db.transaction((embedderId: string, dimensions: number): VectorIndexInfo => {
    const existing = find.get(embedderId);
    if (existing) {
      if (existing.dimensions !== dimensions) {
        throw new Error(`vector index for ${embedderId} has ${existing.dimensions} dimensions, not ${dimensions}`);
      }
      return { id: existing.id, embedderId, dimensions };
    }
    const id = Number(insert.run(embedderId, dimensions, new Date().toISOString()).lastInsertRowid);
    db.exec(`CREATE VIRTUAL TABLE ${vectorTableName(id)} USING vec0(embedding float[${Math.trunc(dimensions)}] distance_metric=cosine)`);
    return { id, embedderId, dimensions };
  });

  return {
    ensureVectorIndex: async (embedderId, dimensions) => ensure(embedderId, dimensions),
    searchVectors: async (index, vector, limit, scope) => {
      let search = searches.get(index.id);
      if (!search) {
        // vec0 cannot filter inside the scan, so the scan returns extra neighbours for the filter to drop.
        search = db.prepare<[{ vector: Buffer; k: number; scope: string | null; limit: number }], { id: string; distance: number }>(
          `WITH knn AS (SELECT rowid, distance FROM ${vectorTableName(index.id)} WHERE embedding MATCH @vector AND k = @k)
           SELECT c.id, knn.distance FROM knn JOIN chunks c ON c.rowid = knn.rowid
           JOIN documents d ON d.id = c.document_id AND d.state = 'ready'
           WHERE CASE WHEN @scope IS NULL THEN d.memory = 1 ELSE d.id IN (SELECT value FROM json_each(@scope)) END
           ORDER BY knn.distance LIMIT @limit`,
        );
        searches.set(index.id, search);
      }
      const rows = search.all({
        vector: Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength),
        k: scope ? Math.min(4096, limit * 20) : limit * 2,
        scope: scope ? JSON.stringify(scope) : null,
        limit,
      });
      return rows.map((r) => ({ chunkId: r.id, score: 1 - r.distance }));
    },
  };
}
