import type { KnowledgeStore } from '../../core/ports';
import type { Db } from './open-database';
import type { EntityReads } from './resolved-reads';
import { IN_SCOPE, scopeParam } from './scope';
import { toEntity, toFact, type EntityRow, type FactRow } from './rows';

type RetrievalPart = Pick<KnowledgeStore, 'searchText' | 'termStats' | 'termsWithPrefix'> & EntityReads;

const MENTIONS_PER_ENTITY = 300;

/**
 * Read-side queries for retrieval: BM25 over analysed terms, term statistics, entities and facts.
 * Lists travel as one JSON parameter (`json_each`) so every statement is prepared once.
 */

export function createRetrievalQueries(db: Db): RetrievalPart & { invalidate(): void } {
  const s = {
    search: db.prepare<[string, number], { id: string; score: number }>(
      `SELECT c.id, -bm25(chunks_fts) AS score FROM chunks_fts JOIN chunks c ON c.rowid = chunks_fts.rowid
       WHERE chunks_fts MATCH ? AND c.document_id NOT IN (SELECT id FROM documents WHERE state = 'indexing' OR memory = 0)
       ORDER BY rank LIMIT ?`,
    ),
    searchIn: db.prepare<[string, string, number], { id: string; score: number }>(
      `SELECT c.id, -bm25(chunks_fts) AS score FROM chunks_fts JOIN chunks c ON c.rowid = chunks_fts.rowid
       WHERE chunks_fts MATCH ? AND c.document_id IN (SELECT value FROM json_each(?))
       ORDER BY rank LIMIT ?`,
    ),
    chunkCount: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM chunks'),
    vocab: db.prepare<[string], { term: string; doc: number }>(
      'SELECT term, doc FROM chunks_vocab WHERE term IN (SELECT value FROM json_each(?))',
    ),
    prefixed: db.prepare<[string, string, number], { term: string; doc: number }>(
      'SELECT term, doc FROM chunks_vocab WHERE term >= ? AND term < ? ORDER BY doc DESC LIMIT ?',
    ),
    entitiesByKey: db.prepare<[string], EntityRow>(
      'SELECT id, key, name, type FROM entities WHERE key IN (SELECT value FROM json_each(?))',
    ),
    entitiesById: db.prepare<[string], EntityRow>(
      'SELECT id, key, name, type FROM entities WHERE id IN (SELECT value FROM json_each(?))',
    ),
    // Per entity, so each lookup is a short walk down the (entity, confidence) index.
    factsAsSubject: db.prepare<[string, number], FactRow>(
      'SELECT * FROM facts WHERE subject_id = ? ORDER BY confidence DESC LIMIT ?',
    ),
    factsAsObject: db.prepare<[string, number], FactRow>(
      'SELECT * FROM facts WHERE object_id = ? ORDER BY confidence DESC LIMIT ?',
    ),
    factsById: db.prepare<[string], FactRow>('SELECT * FROM facts WHERE id IN (SELECT value FROM json_each(?))'),
    factsInChunks: db.prepare<[string, number], FactRow>(
      'SELECT * FROM facts WHERE chunk_id IN (SELECT value FROM json_each(?)) ORDER BY confidence DESC LIMIT ?',
    ),
    // Reading order: the chunk's place in its document, then where the sentence starts in it.
    factsOfDocument: db.prepare<[string, number, number], FactRow>(
      `SELECT f.* FROM facts f JOIN chunks c ON c.id = f.chunk_id WHERE f.document_id = ?
       ORDER BY c.ordinal, f.sentence_start, f.rowid LIMIT ? OFFSET ?`,
    ),
    countFactsOfDocument: db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM facts WHERE document_id = ?'),
    entityHandles: db.prepare<[string], { n: number }>('SELECT n FROM entities WHERE id IN (SELECT value FROM json_each(?))'),
    // The newest passages of one entity: a hub entity has thousands, and reading them all made
    // this leg the slowest step of a query at 100k chunks.
    mentionsOf: db.prepare<[{ match: string; n: number }], { chunk: number; count: number }>(
      `SELECT m.chunk, m.count FROM (
         SELECT rowid AS chunk FROM entity_chunks WHERE entity_chunks MATCH @match ORDER BY rowid DESC LIMIT ${MENTIONS_PER_ENTITY}) f
       JOIN chunk_mentions m ON m.chunk = f.chunk AND m.entity = @n`,
    ),
    visibleChunks: db.prepare<[{ rowids: string; scope: string | null }], { rowid: number; id: string }>(
      `SELECT c.rowid, c.id FROM chunks c JOIN documents d ON d.id = c.document_id AND d.state = 'ready'
       WHERE c.rowid IN (SELECT value FROM json_each(@rowids)) AND ${IN_SCOPE}`,
    ),
    // A hub entity is mentioned in thousands of passages; a sample of them is enough to find its
    // companions and keeps the statement fast.
    coMentioned: db.prepare<[{ match: string; seeds: string; scope: string | null; limit: number }], { id: string; score: number }>(
      `WITH passage(chunk) AS (
         SELECT f.rowid FROM entity_chunks f JOIN chunks c ON c.rowid = f.rowid
         JOIN documents d ON d.id = c.document_id AND d.state = 'ready'
         WHERE entity_chunks MATCH @match AND ${IN_SCOPE}
         LIMIT 400)
       SELECT e.id, sum(m.count) AS score FROM passage p JOIN chunk_mentions m ON m.chunk = p.chunk JOIN entities e ON e.n = m.entity
       WHERE m.entity NOT IN (SELECT value FROM json_each(@seeds)) AND e.type NOT IN ('concept', 'date', 'quantity')
       GROUP BY m.entity ORDER BY score DESC LIMIT @limit`,
    ),
    namedOfChunks: db.prepare<[string], EntityRow & { chunk_id: string; count: number }>(
      `SELECT c.id AS chunk_id, e.id, e.key, e.name, e.type, m.count FROM chunks c
       JOIN chunk_mentions m ON m.chunk = c.rowid JOIN entities e ON e.n = m.entity
       WHERE c.id IN (SELECT value FROM json_each(?)) AND e.type NOT IN ('concept', 'date', 'quantity')
       ORDER BY m.count DESC`,
    ),
    relationships: db.prepare<[], FactRow>("SELECT * FROM facts WHERE kind = 'relationship'"),
    entities: db.prepare<[], EntityRow>('SELECT id, key, name, type FROM entities'),
  };
  let chunkCount: number | null = null;
  const list = (values: string[]): string => JSON.stringify([...new Set(values)]);
  // The integer handles that the mention index holds for entity ids.
  const handles = (ids: string[]): { n: number }[] => (ids.length === 0 ? [] : s.entityHandles.all(list(ids)));

  return {
    invalidate: () => {
      chunkCount = null;
    },
    searchText: async (terms, limit, scope, sequences = []) => {
      const quoted = (words: readonly string[]): string => `"${words.join(' ').replaceAll('"', '""')}"`;
      const phrases = [...new Set([...terms.map((t) => quoted([t])), ...sequences.filter((q) => q.length > 0).map(quoted)])];
      if (phrases.length === 0) return [];
      const match = phrases.join(' OR ');
      const rows = scope ? s.searchIn.all(match, JSON.stringify(scope), limit) : s.search.all(match, limit);
      return rows.map((r) => ({ chunkId: r.id, score: r.score }));
    },
    termStats: async (terms) => {
      chunkCount ??= s.chunkCount.get()?.n ?? 0;
      const rows = terms.length === 0 ? [] : s.vocab.all(list(terms));
      return { chunkCount, docFrequency: new Map(rows.map((r) => [r.term, r.doc])) };
    },
    termsWithPrefix: async (prefix, limit) =>
      new Map(s.prefixed.all(prefix, `${prefix}\uffff`, limit).map((r) => [r.term, r.doc])),
    findEntitiesByKeys: async (keys) => (keys.length === 0 ? [] : s.entitiesByKey.all(list(keys)).map(toEntity)),
    getEntities: async (ids) => (ids.length === 0 ? [] : s.entitiesById.all(list(ids)).map(toEntity)),
    factsOfEntities: async (ids, perEntity) =>
      [...new Set(ids)].flatMap((id) => [...s.factsAsSubject.all(id, perEntity), ...s.factsAsObject.all(id, perEntity)]).map(toFact),
    getFacts: async (ids) => (ids.length === 0 ? [] : s.factsById.all(list(ids)).map(toFact)),
    factsOfChunks: async (ids, limit) => (ids.length === 0 ? [] : s.factsInChunks.all(list(ids), limit).map(toFact)),
    factsOfDocument: async (id, page) => ({
      facts: s.factsOfDocument.all(id, page.limit, page.offset).map(toFact),
      total: s.countFactsOfDocument.get(id)?.n ?? 0,
    }),
    chunksMentioning: async (ids, limit, scope) => {
      const scores = new Map<number, number>();
      for (const { n } of handles(ids)) for (const m of s.mentionsOf.all({ match: String(n), n })) scores.set(m.chunk, (scores.get(m.chunk) ?? 0) + m.count);
      // Best first; a few spares for passages of documents out of scope or still indexing.
      const best = [...scores].sort((a, b) => b[1] - a[1]).slice(0, limit * 3);
      const visible = new Map(s.visibleChunks.all({ rowids: JSON.stringify(best.map(([rowid]) => rowid)), scope: scopeParam(scope) }).map((r) => [r.rowid, r.id]));
      return best.flatMap(([rowid, score]) => {
        const chunkId = visible.get(rowid);
        return chunkId ? [{ chunkId, score }] : [];
      }).slice(0, limit);
    },
    coMentioned: async (ids, limit, scope) => {
      const seeds = handles(ids).map((r) => r.n);
      if (seeds.length === 0) return [];
      return s.coMentioned
        .all({ match: seeds.join(' OR '), seeds: JSON.stringify(seeds), scope: scopeParam(scope), limit })
        .map((r) => ({ entityId: r.id, score: r.score }));
    },
    namedEntitiesOfChunks: async (ids) =>
      ids.length === 0 ? [] : s.namedOfChunks.all(list(ids)).map((r) => ({ chunkId: r.chunk_id, entity: toEntity(r), count: r.count })),
    allRelationships: async () => s.relationships.all().map(toFact),
    allEntities: async () => s.entities.all().map(toEntity),
  };
}
