import type { Migration } from './migrations';

/** Schema of the system database: accounts, API keys and usage. */
export const SYSTEM_MIGRATIONS: Migration[] = [
  {
    version: 1,
    sql: `
CREATE TABLE accounts (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT,
  plan TEXT NOT NULL,
  storage_dir TEXT,
  created_at TEXT NOT NULL
);

CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  name TEXT NOT NULL,
  prefix TEXT NOT NULL,
  kind TEXT NOT NULL,
  hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT
);
CREATE INDEX api_keys_account ON api_keys(account_id);

CREATE TABLE query_usage (
  account_id TEXT NOT NULL REFERENCES accounts(id),
  period TEXT NOT NULL,
  queries INTEGER NOT NULL,
  PRIMARY KEY (account_id, period)
) WITHOUT ROWID;
`,
  },
];
