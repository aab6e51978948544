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
  const searches = new Map<number, ReturnType<typeof db.prepare<[Buffer, number], { id: string; distance: number }>>>();

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
    searchVectors: async (index, vector, limit) => {
      let search = searches.get(index.id);
      if (!search) {
        search = db.prepare<[Buffer, number], { id: string; distance: number }>(
          `WITH knn AS (SELECT rowid, distance FROM ${vectorTableName(index.id)} WHERE embedding MATCH ? AND k = ?)
           SELECT c.id, knn.distance FROM knn JOIN chunks c ON c.rowid = knn.rowid
           JOIN documents d ON d.id = c.document_id AND d.state = 'ready' ORDER BY knn.distance`,
        );
        searches.set(index.id, search);
      }
      const rows = search.all(Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength), limit);
      return rows.map((r) => ({ chunkId: r.id, score: 1 - r.distance }));
    },
  };
}
