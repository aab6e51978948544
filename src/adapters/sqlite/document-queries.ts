import { newId } from '../../core/ids';
import type { BatchRecords, BatchWriteResult, ChunkWrite, DeleteResult, DocumentsWriteResult, KnowledgeStore, VectorIndexInfo, WholeDocument } from '../../core/ports';
import type { StoredEntity, StoredFact } from '../../core/model';
import type { ExtractedEntity } from '../../core/extract/types';
import type { AliasIndex } from './alias-queries';
import type { Statement } from 'better-sqlite3';
import { prepareFolderFilePut } from './folder-queries';
import { prepareJobUpdate } from './job-queries';
import type { Db } from './open-database';
import { placeholders, toChunk, toDocument, toEntity, type ChunkRow, type DocumentRow, type EntityRow } from './rows';
import { vectorTableName } from './vector-queries';

// Mentions go in this many rows per statement: ~20 per chunk, and one statement per row costs more than the row.
const MENTION_ROWS = 64;
const WEAK_TYPES: ReadonlySet<string> = new Set(['other', 'concept']);

type DocumentPart = Pick<
  KnowledgeStore,
  | 'beginDocument'
  | 'writeChunkBatch'
  | 'finishDocument'
  | 'getDocument'
  | 'listDocuments'
  | 'deleteDocument'
  | 'listIndexingDocuments'
  | 'replaceDocument'
  | 'writeDocuments'
  | 'getChunks'
  | 'neighbouringChunks'
>;

// A document that stands for a watched file carries the file's folder and path.
const DOCUMENT_COLUMNS = 'd.*, f.folder_id AS folder_id, f.path AS folder_path FROM documents d LEFT JOIN folder_files f ON f.document_id = d.id';

/**
 * Documents and their chunks. A document is written in batches, each one transaction, and stays
 * `indexing` (invisible to retrieval) until `finishDocument`; a crash leaves it `indexing`, and the
 * engine deletes it at the next start before it re-runs the job.
 */
export function createDocumentQueries(db: Db, onChange: () => void, aliases: AliasIndex): DocumentPart {
  const s = {
    insertDocument: db.prepare(
      `INSERT INTO documents (id, title, tags, metadata, source, mime_type, byte_size, char_count, state, memory, upload_id, created_at)
       VALUES (@id, @title, @tags, @metadata, @source, @mimeType, @byteSize, @charCount, 'indexing', @memory, @uploadId, @createdAt)`,
    ),
    insertChunk: db.prepare(
      'INSERT INTO chunks (id, document_id, ordinal, text, start, "end", page, section, row) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    insertTerms: db.prepare('INSERT INTO chunks_fts (rowid, terms) VALUES (?, ?)'),
    insertEntity: db.prepare('INSERT INTO entities (id, key, name, type, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING'),
    entityByKey: db.prepare<[string], EntityRow & { n: number }>('SELECT n, id, key, name, type FROM entities WHERE key = ?'),
    strengthenType: db.prepare('UPDATE entities SET type = ? WHERE n = ?'),
    insertMention: db.prepare('INSERT INTO chunk_mentions (chunk, entity, count) VALUES (?, ?, ?)'),
    insertMentions: db.prepare(`INSERT INTO chunk_mentions (chunk, entity, count) VALUES ${Array.from({ length: MENTION_ROWS }, () => '(?, ?, ?)').join(', ')}`),
    insertEntityChunk: db.prepare('INSERT INTO entity_chunks (rowid, entities) VALUES (?, ?)'),
    insertFact: db.prepare(
      `INSERT INTO facts (id, subject_id, predicate, kind, object_id, value, confidence, document_id, chunk_id, sentence_start, sentence_end)
       VALUES (@id, @subjectId, @predicate, @kind, @objectId, @value, @confidence, @documentId, @chunkId, @sentenceStart, @sentenceEnd)`,
    ),
    finish: db.prepare("UPDATE documents SET state = 'ready', chunk_count = ?, fact_count = ? WHERE id = ?"),
    finishReplaced: db.prepare("UPDATE documents SET state = 'ready', chunk_count = ?, fact_count = ?, created_at = ?, updated_at = ? WHERE id = ?"),
    document: db.prepare<[string], DocumentRow>(`SELECT ${DOCUMENT_COLUMNS} WHERE d.id = ?`),
    documents: db.prepare<[number, number], DocumentRow>(
      `SELECT ${DOCUMENT_COLUMNS} WHERE d.state = 'ready' AND d.memory = 1 ORDER BY d.created_at DESC, d.id LIMIT ? OFFSET ?`,
    ),
    takeOver: db.prepare(
      `INSERT INTO documents (id, title, tags, metadata, source, mime_type, byte_size, char_count, chunk_count, fact_count, state, memory, upload_id, created_at, updated_at)
       SELECT @targetId, title, tags, metadata, source, mime_type, byte_size, char_count, @chunkCount, @factCount, 'ready', memory, upload_id, @createdAt, @at
       FROM documents WHERE id = @stagedId`,
    ),
    moveChunks: db.prepare('UPDATE chunks SET document_id = @targetId WHERE document_id = @stagedId'),
    moveFacts: db.prepare('UPDATE facts SET document_id = @targetId WHERE document_id = @stagedId'),
    moveAliases: db.prepare('UPDATE entity_aliases SET document_id = @targetId WHERE document_id = @stagedId'),
    countDocuments: db.prepare<[], { n: number }>("SELECT count(*) AS n FROM documents WHERE state = 'ready' AND memory = 1"),
    indexing: db.prepare<[], { id: string }>("SELECT id FROM documents WHERE state = 'indexing'"),
    chunkRowids: db.prepare<[string], { rowid: number; id: string }>('SELECT rowid, id FROM chunks WHERE document_id = ?'),
    deleteTerms: db.prepare('DELETE FROM chunks_fts WHERE rowid = ?'),
    factIds: db.prepare<[string], { id: string }>('SELECT id FROM facts WHERE document_id = ?'),
    touched: db.prepare<[{ id: string }], { id: string }>(
      `SELECT e.id FROM chunks c JOIN chunk_mentions m ON m.chunk = c.rowid JOIN entities e ON e.n = m.entity WHERE c.document_id = @id
       UNION SELECT subject_id FROM facts WHERE document_id = @id
       UNION SELECT object_id FROM facts WHERE document_id = @id AND object_id IS NOT NULL`,
    ),
    deleteFacts: db.prepare('DELETE FROM facts WHERE document_id = ?'),
    deleteMentions: db.prepare('DELETE FROM chunk_mentions WHERE chunk IN (SELECT rowid FROM chunks WHERE document_id = ?)'),
    deleteEntityChunk: db.prepare('DELETE FROM entity_chunks WHERE rowid = ?'),
    orphan: db.prepare<[string], { id: string }>(
      `SELECT e.id FROM entities e WHERE e.id = ?
       AND NOT EXISTS (SELECT 1 FROM entity_chunks WHERE entity_chunks MATCH CAST(e.n AS TEXT))
       AND NOT EXISTS (SELECT 1 FROM facts f WHERE f.subject_id = e.id OR f.object_id = e.id)`,
    ),
    deleteEntity: db.prepare('DELETE FROM entities WHERE id = ?'),
    deleteChunks: db.prepare('DELETE FROM chunks WHERE document_id = ?'),
    deleteDocument: db.prepare('DELETE FROM documents WHERE id = ?'),
    vectorTables: db.prepare<[], { id: number }>('SELECT id FROM vector_indexes'),
  };

  // Entities already resolved in this knowledge base, by key: most mentions are of entities seen
  // before, and skipping their insert halves the write cost. Cleared when a delete may drop some.
  // `n` is the entity's integer handle in the mention index.
  const known = new Map<string, { entity: StoredEntity; n: number }>();
  const KNOWN_LIMIT = 300_000;
  const remember = (entity: StoredEntity, n: number): { entity: StoredEntity; n: number } => {
    if (known.size >= KNOWN_LIMIT) known.clear();
    const resolved = { entity, n };
    known.set(entity.key, resolved);
    return resolved;
  };
  // Most entities are either cached or new; only a key stored before the cache knew it is read back.
  // A stored 'concept' or 'other' takes the first stronger type a later mention gives it.
  const resolveEntity = (e: ExtractedEntity, now: string): { entity: StoredEntity; n: number } | null => {
    const cached = known.get(e.key);
    const strengthens = (type: string): boolean => WEAK_TYPES.has(type) && !WEAK_TYPES.has(e.type);
    if (cached && !strengthens(cached.entity.type)) return cached;
    if (!cached) {
      const id = newId('ent');
      const inserted = s.insertEntity.run(id, e.key, e.name, e.type, now);
      if (inserted.changes > 0) {
        // A key another document already gave to an entity (an acronym) starts out merged into it.
        aliases.entityCreated(e.key);
        return remember({ id, key: e.key, name: e.name, type: e.type }, Number(inserted.lastInsertRowid));
      }
    }
    const row = s.entityByKey.get(e.key);
    if (!row) return null;
    if (strengthens(row.type)) {
      s.strengthenType.run(e.type, row.n);
      row.type = e.type;
    }
    return remember(toEntity(row), row.n);
  };

  // One insert statement per vector table, prepared once rather than at every batch.
  const vectorInserts = new Map<number, Statement>();
  const vectorInsert = (indexId: number): Statement => {
    let statement = vectorInserts.get(indexId);
    if (!statement) {
      statement = db.prepare(`INSERT INTO ${vectorTableName(indexId)} (rowid, embedding) VALUES (?, ?)`);
      vectorInserts.set(indexId, statement);
    }
    return statement;
  };

  /** Rows of the text and entity indexes, written last (see `flushIndexes`). */
  interface IndexRows {
    /** (chunk, entity, count), and each chunk's entity handles for the entity → passages index */
    mentions: [number, number, number][];
    terms: [number | bigint, string][];
    entityChunks: [number | bigint, string][];
  }

  // One document's chunks with their vectors, mentions and facts; the caller holds the transaction.
  const writeChunks = (documentId: string, index: VectorIndexInfo | null, batch: ChunkWrite[], rows: IndexRows): Omit<BatchWriteResult, 'remapped'> => {
    const entities = new Map<string, StoredEntity>();
    const facts: StoredFact[] = [];
    const insertVector = index ? vectorInsert(index.id) : null;
    const now = new Date().toISOString();
    const { terms, entityChunks, mentions: mentionRows } = rows;
    for (const write of batch) {
      const c = write.chunk;
      const rowid = s.insertChunk.run(c.id, documentId, c.ordinal, c.text, c.start, c.end, c.page, c.section, c.row).lastInsertRowid;
      terms.push([rowid, write.terms.join(' ')]);
      if (insertVector && write.vector) insertVector.run(BigInt(rowid), Buffer.from(write.vector.buffer, write.vector.byteOffset, write.vector.byteLength));
      const local = new Map<string, StoredEntity>();
      // Two keys never share an entity, but a model extractor may repeat one; count it once.
      const mentions = new Map<number, number>();
      for (const e of write.entities) {
        const resolved = resolveEntity(e, now);
        if (!resolved) continue;
        local.set(e.key, resolved.entity);
        entities.set(resolved.entity.id, resolved.entity);
        mentions.set(resolved.n, (mentions.get(resolved.n) ?? 0) + Math.max(1, e.mentions.length));
      }
      const counted = [...mentions].sort((a, b) => a[0] - b[0]);
      for (const [n, count] of counted) mentionRows.push([Number(rowid), n, count]);
      if (counted.length > 0) entityChunks.push([rowid, counted.map(([n]) => n).join(' ')]);
      for (const f of write.facts) {
        const subject = local.get(f.subjectKey);
        const object = f.objectKey === null ? null : local.get(f.objectKey);
        if (!subject || object === undefined) continue;
        const fact: StoredFact = {
          id: newId('fact'),
          subjectId: subject.id,
          predicate: f.predicate,
          kind: f.kind,
          objectId: object ? object.id : null,
          value: f.value,
          confidence: f.confidence,
          documentId,
          chunkId: c.id,
          sentenceStart: f.sentence.start,
          sentenceEnd: f.sentence.end,
        };
        s.insertFact.run(fact);
        facts.push(fact);
      }
      if (write.aliases && write.aliases.length > 0) aliases.record(documentId, write.aliases, local, now);
    }
    return { entities: [...entities.values()], facts };
  };

  // FTS5 flushes its pending rows to disk at every statement savepoint, and any later insert
  // that can fail halfway (unique keys) opens one; indexed last, a transaction's terms and entity
  // handles are flushed once, at commit, as one segment each instead of one per chunk.
  // Mentions go first, many rows to a statement (small documents' rows pooled).
  const flushIndexes = (rows: IndexRows): void => {
    const { mentions } = rows;
    let m = 0;
    for (; m + MENTION_ROWS <= mentions.length; m += MENTION_ROWS) s.insertMentions.run(mentions.slice(m, m + MENTION_ROWS).flat());
    for (; m < mentions.length; m++) s.insertMention.run(mentions[m]);
    for (const [rowid, text] of rows.terms) s.insertTerms.run(rowid, text);
    for (const [rowid, handles] of rows.entityChunks) s.insertEntityChunk.run(rowid, handles);
  };

  const writeBatch = db.transaction((documentId: string, index: VectorIndexInfo | null, batch: ChunkWrite[]): BatchWriteResult => {
    const rows: IndexRows = { mentions: [], terms: [], entityChunks: [] };
    const written = writeChunks(documentId, index, batch, rows);
    flushIndexes(rows);
    return { ...written, remapped: aliases.settle() };
  });

  const deleteDocument = db.transaction((id: string) => {
    if (!s.document.get(id)) return null;
    known.clear();
    const vectorTables = s.vectorTables.all().map((t) => db.prepare(`DELETE FROM ${vectorTableName(t.id)} WHERE rowid = ?`));
    for (const chunk of s.chunkRowids.all(id)) {
      s.deleteTerms.run(chunk.rowid);
      s.deleteEntityChunk.run(chunk.rowid);
      for (const del of vectorTables) del.run(BigInt(chunk.rowid));
    }
    const factIds = s.factIds.all(id).map((r) => r.id);
    const touched = s.touched.all({ id }).map((r) => r.id);
    aliases.forgetDocument(id);
    s.deleteFacts.run(id);
    s.deleteMentions.run(id);
    const entityIds: string[] = [];
    for (const entityId of touched) {
      if (s.orphan.get(entityId)) {
        s.deleteEntity.run(entityId);
        entityIds.push(entityId);
      }
    }
    aliases.forgetEntities(entityIds);
    const remapped = aliases.settle();
    s.deleteChunks.run(id);
    s.deleteDocument.run(id);
    return { factIds, entityIds, remapped };
  });

  // The staged content is complete and invisible (indexing); the old content goes and the new takes
  // its id in the same transaction, so no reader ever sees both or neither.
  const replaceDocument = db.transaction((targetId: string, stagedId: string, counts: { chunkCount: number; factCount: number }, at: string) => {
    if (!s.document.get(stagedId)) return null;
    const old = s.document.get(targetId);
    const removed = old ? deleteDocument(targetId) : null;
    const ids = { targetId, stagedId };
    // A target not stored yet (a new watched file's document, under the id its row was given) is created, not replaced.
    s.takeOver.run({ ...ids, ...counts, at: old ? at : null, createdAt: old?.created_at ?? at });
    s.moveChunks.run(ids);
    s.moveFacts.run(ids);
    s.moveAliases.run(ids);
    s.deleteDocument.run(stagedId);
    return removed ?? { factIds: [], entityIds: [], remapped: [] };
  });

  // Small documents gain most from sharing a transaction: a commit costs more than a short file's rows.
  const updateJob = prepareJobUpdate(db);
  const putFile = prepareFolderFilePut(db);
  const writeDocuments = db.transaction((documents: WholeDocument[], index: VectorIndexInfo | null, at: string, records?: (factCounts: readonly number[]) => BatchRecords): DocumentsWriteResult => {
    const rows: IndexRows = { mentions: [], terms: [], entityChunks: [] };
    const removed: DeleteResult[] = [];
    const entities = new Map<string, StoredEntity>();
    const facts: StoredFact[] = [];
    const factCounts = documents.map(({ doc, writes }) => {
      const old = s.document.get(doc.id);
      const gone = old ? deleteDocument(doc.id) : null;
      if (gone) removed.push(gone);
      s.insertDocument.run({ ...doc, tags: JSON.stringify(doc.tags), metadata: JSON.stringify(doc.metadata), memory: doc.memory ? 1 : 0 });
      const result = writeChunks(doc.id, index, writes, rows);
      if (old) s.finishReplaced.run(writes.length, result.facts.length, old.created_at, at, doc.id);
      else s.finish.run(writes.length, result.facts.length, doc.id);
      for (const e of result.entities) entities.set(e.id, e);
      facts.push(...result.facts);
      return result.facts.length;
    });
    const { jobs = [], files = [] } = records?.(factCounts) ?? {};
    for (const job of jobs) updateJob(job);
    for (const file of files) putFile(file);
    flushIndexes(rows);
    return { written: { entities: [...entities.values()], facts, remapped: aliases.settle() }, factCounts, removed };
  });

  // The alias index changes inside the transactions; one that rolls back must not leave it ahead of the database.
  const consistentAliases = <T>(run: () => T): T => {
    try {
      return run();
    } catch (error) {
      aliases.reload();
      throw error;
    }
  };

  return {
    beginDocument: async (doc) =>
      void s.insertDocument.run({ ...doc, tags: JSON.stringify(doc.tags), metadata: JSON.stringify(doc.metadata), memory: doc.memory ? 1 : 0 }),
    writeChunkBatch: async (documentId, index, batch) => {
      const result = consistentAliases(() => writeBatch(documentId, index, batch));
      onChange();
      return result;
    },
    finishDocument: async (id, counts) => {
      s.finish.run(counts.chunkCount, counts.factCount, id);
      onChange();
    },
    getDocument: async (id) => {
      const row = s.document.get(id);
      return row ? toDocument(row) : null;
    },
    listDocuments: async (page) => ({
      documents: s.documents.all(page.limit, page.offset).map(toDocument),
      total: s.countDocuments.get()?.n ?? 0,
    }),
    deleteDocument: async (id) => {
      const result = consistentAliases(() => deleteDocument(id));
      onChange();
      return result;
    },
    listIndexingDocuments: async () => s.indexing.all().map((r) => r.id),
    replaceDocument: async (targetId, stagedId, counts, at) => {
      const result = consistentAliases(() => replaceDocument(targetId, stagedId, counts, at));
      onChange();
      return result;
    },
    writeDocuments: async (documents, index, at, records) => {
      const result = consistentAliases(() => writeDocuments(documents, index, at, records));
      onChange();
      return result;
    },
    getChunks: async (ids) => {
      if (ids.length === 0) return [];
      const rows = db
        .prepare<string[], ChunkRow>(`SELECT id, document_id, ordinal, text, start, "end", page, section, row FROM chunks WHERE id IN (${placeholders(ids.length)})`)
        .all(...ids);
      const byId = new Map(rows.map((r) => [r.id, toChunk(r)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
    neighbouringChunks: async (ids) => {
      if (ids.length === 0) return [];
      return db
        .prepare<string[], ChunkRow>(
          `SELECT DISTINCT n.id, n.document_id, n.ordinal, n.text, n.start, n."end", n.page, n.section, n.row
           FROM chunks c JOIN chunks n ON n.document_id = c.document_id AND n.ordinal IN (c.ordinal - 1, c.ordinal + 1)
           WHERE c.id IN (${placeholders(ids.length)})`,
        )
        .all(...ids)
        .map(toChunk);
    },
  };
}
