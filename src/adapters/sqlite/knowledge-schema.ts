import type { Migration } from './migrations';

/** Schema of one account's knowledge base. Append new versions; never edit a released one. */
export const KNOWLEDGE_MIGRATIONS: Migration[] = [
  {
    version: 1,
    sql: `
CREATE TABLE jobs (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  status TEXT NOT NULL,
  progress REAL NOT NULL,
  message TEXT NOT NULL,
  payload TEXT NOT NULL,
  document_id TEXT,
  data TEXT,
  error_details TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX jobs_unfinished ON jobs(created_at) WHERE status NOT IN ('completed', 'failed');

CREATE TABLE documents (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  tags TEXT NOT NULL,
  metadata TEXT NOT NULL,
  source TEXT NOT NULL,
  mime_type TEXT NOT NULL,
  byte_size INTEGER NOT NULL,
  char_count INTEGER NOT NULL,
  chunk_count INTEGER NOT NULL DEFAULT 0,
  fact_count INTEGER NOT NULL DEFAULT 0,
  state TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX documents_created ON documents(created_at);
CREATE INDEX documents_indexing ON documents(state) WHERE state = 'indexing';

CREATE TABLE chunks (
  rowid INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  ordinal INTEGER NOT NULL,
  text TEXT NOT NULL,
  start INTEGER NOT NULL,
  "end" INTEGER NOT NULL,
  page INTEGER,
  section TEXT
);
CREATE INDEX chunks_document ON chunks(document_id, ordinal);

-- Contentless: the analysed terms are indexed, the text itself lives once, in chunks.
CREATE VIRTUAL TABLE chunks_fts USING fts5(terms, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0');
CREATE VIRTUAL TABLE chunks_vocab USING fts5vocab(chunks_fts, 'row');

CREATE TABLE vector_indexes (
  id INTEGER PRIMARY KEY,
  embedder_id TEXT NOT NULL UNIQUE,
  dimensions INTEGER NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE entities (
  id TEXT PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE entity_mentions (
  entity_id TEXT NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
  chunk_id TEXT NOT NULL,
  document_id TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (entity_id, chunk_id)
) WITHOUT ROWID;
CREATE INDEX entity_mentions_document ON entity_mentions(document_id);

CREATE TABLE facts (
  id TEXT PRIMARY KEY,
  subject_id TEXT NOT NULL REFERENCES entities(id),
  predicate TEXT NOT NULL,
  kind TEXT NOT NULL,
  object_id TEXT REFERENCES entities(id),
  value TEXT,
  confidence REAL NOT NULL,
  document_id TEXT NOT NULL,
  chunk_id TEXT NOT NULL,
  sentence_start INTEGER NOT NULL,
  sentence_end INTEGER NOT NULL
);
CREATE INDEX facts_subject ON facts(subject_id, confidence);
CREATE INDEX facts_object ON facts(object_id, confidence) WHERE object_id IS NOT NULL;
CREATE INDEX facts_document ON facts(document_id);
CREATE INDEX facts_chunk ON facts(chunk_id);

CREATE TABLE conversations (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_updated TEXT NOT NULL,
  turn_count INTEGER NOT NULL DEFAULT 0,
  preview TEXT NOT NULL DEFAULT '',
  deleted_at TEXT
);
CREATE INDEX conversations_recent ON conversations(last_updated) WHERE deleted_at IS NULL;

CREATE TABLE messages (
  id INTEGER PRIMARY KEY,
  conversation_id TEXT NOT NULL REFERENCES conversations(id),
  role TEXT NOT NULL,
  content TEXT NOT NULL,
  entities TEXT NOT NULL,
  timestamp TEXT NOT NULL
);
CREATE INDEX messages_conversation ON messages(conversation_id, id);
`,
  },
  {
    version: 2,
    sql: `
-- Uploaded files: their status, and their bytes until the job that parses them has finished.
CREATE TABLE uploads (
  id TEXT PRIMARY KEY,
  job_id TEXT NOT NULL,
  filename TEXT NOT NULL,
  mime_type TEXT NOT NULL,
  byte_size INTEGER NOT NULL,
  save_to_memory INTEGER NOT NULL,
  status TEXT NOT NULL,
  document_id TEXT,
  facts_extracted INTEGER NOT NULL DEFAULT 0,
  chunks_created INTEGER NOT NULL DEFAULT 0,
  error_details TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE upload_files (
  upload_id TEXT PRIMARY KEY REFERENCES uploads(id),
  bytes BLOB NOT NULL
);
-- memory = 0: an upload with save_to_memory=false, reachable only through conversation_upload_ids.
ALTER TABLE documents ADD COLUMN memory INTEGER NOT NULL DEFAULT 1;
ALTER TABLE documents ADD COLUMN upload_id TEXT;
ALTER TABLE chunks ADD COLUMN row INTEGER;
`,
  },
  {
    version: 3,
    sql: `
-- Entities get a stable integer handle (an explicit INTEGER PRIMARY KEY survives VACUUM), so the
-- mention index, one row per entity per chunk and the largest table by far, holds two integers
-- instead of three text ids and a second text index. No foreign keys: checking them on every
-- mention costs more than the insert, and a document's delete removes its mentions itself.
CREATE TABLE entities_v3 (
  n INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  key TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  created_at TEXT NOT NULL
);
INSERT INTO entities_v3 (id, key, name, type, created_at) SELECT id, key, name, type, created_at FROM entities ORDER BY rowid;
CREATE TABLE entity_mentions_v3 (
  entity INTEGER NOT NULL,
  chunk INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (entity, chunk)
) WITHOUT ROWID;
INSERT INTO entity_mentions_v3 (entity, chunk, count)
  SELECT e.n, c.rowid, m.count FROM entity_mentions m JOIN entities_v3 e ON e.id = m.entity_id JOIN chunks c ON c.id = m.chunk_id;
DROP TABLE entity_mentions;
DROP TABLE entities;
ALTER TABLE entities_v3 RENAME TO entities;
ALTER TABLE entity_mentions_v3 RENAME TO entity_mentions;
CREATE INDEX entity_mentions_chunk ON entity_mentions(chunk);

-- 'co-occurs with' edges are no longer stored: the mention index links the entities of a passage.
DELETE FROM facts WHERE predicate = 'co-occurs with';
UPDATE documents SET fact_count = (SELECT count(*) FROM facts WHERE facts.document_id = documents.id);
`,
  },
  {
    version: 4,
    sql: `
-- Entity resolution's merge history: which document said that a key names an entity (entities.n),
-- and why ('acronym', 'surname', 'title'). An acronym merges the key's entity into that one in
-- every document, unless another document gives the key to a different entity; the other reasons
-- only record what was merged inside the document. Rows go with their document, so deleting it
-- undoes exactly the merges it caused.
CREATE TABLE entity_aliases (
  key TEXT NOT NULL,
  entity INTEGER NOT NULL,
  document_id TEXT NOT NULL,
  reason TEXT NOT NULL,
  alias TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (document_id, key, entity, reason)
) WITHOUT ROWID;
CREATE INDEX entity_aliases_entity ON entity_aliases(entity);
`,
  },
  {
    version: 5,
    sql: `
-- The mention index, split by direction, so that ingest appends instead of scattering writes.
-- Keyed by entity, a document's few hundred mention rows each landed on a different page of a
-- large B-tree: at 30k chunks that was 60% of every byte ingest wrote. Passage → entities is now
-- keyed by chunk (new chunks have the highest rowids, so their rows go at the end); entity →
-- passages is a contentless FTS5 index whose text for a chunk is its entities' handles, which
-- FTS5 writes as one sorted segment per commit.
CREATE TABLE chunk_mentions (
  chunk INTEGER NOT NULL,
  entity INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (chunk, entity)
) WITHOUT ROWID;
INSERT INTO chunk_mentions (chunk, entity, count) SELECT chunk, entity, count FROM entity_mentions ORDER BY chunk, entity;
CREATE VIRTUAL TABLE entity_chunks USING fts5(entities, content='', contentless_delete=1, detail=none);
INSERT INTO entity_chunks (rowid, entities) SELECT chunk, group_concat(entity, ' ') FROM chunk_mentions GROUP BY chunk;
DROP TABLE entity_mentions;
`,
  },
  {
    version: 6,
    sql: `
-- Watched folders (local owner only) and their files. A file's row names its document; the
-- document keeps its id when the file changes (updated_at says when), is renamed or moved.
ALTER TABLE documents ADD COLUMN updated_at TEXT;
CREATE TABLE folders (
  id TEXT PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  include TEXT NOT NULL,
  exclude TEXT NOT NULL,
  tags TEXT NOT NULL,
  status TEXT NOT NULL,
  error TEXT,
  last_scan_at TEXT,
  created_at TEXT NOT NULL
);
CREATE TABLE folder_files (
  folder_id TEXT NOT NULL REFERENCES folders(id) ON DELETE CASCADE,
  path TEXT NOT NULL,
  status TEXT NOT NULL,
  document_id TEXT,
  hash TEXT,
  size INTEGER NOT NULL,
  mtime_ms REAL NOT NULL,
  reason TEXT,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (folder_id, path)
) WITHOUT ROWID;
CREATE INDEX folder_files_document ON folder_files(document_id) WHERE document_id IS NOT NULL;
CREATE INDEX folder_files_hash ON folder_files(folder_id, hash);
`,
  },
  {
    version: 7,
    sql: `
-- How many passages mention each entity, read straight from the mention index (its handles are
-- the index's terms): the explorer's centrality and the specificity of a co-mention. Deletes
-- are counted out as they happen, so the figures follow documents removed or replaced.
CREATE VIRTUAL TABLE entity_chunks_vocab USING fts5vocab(entity_chunks, 'row');
`,
  },
];
