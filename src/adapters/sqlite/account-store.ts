import type { AccountRecord, AccountStore, ApiKeyRecord, Plan } from '../../core/ports';
import { openDatabase } from './open-database';
import { SYSTEM_MIGRATIONS } from './system-schema';

interface AccountRow {
  id: string;
  email: string;
  password_hash: string | null;
  plan: string;
  storage_dir: string | null;
  created_at: string;
}

interface KeyRow {
  id: string;
  account_id: string;
  name: string;
  prefix: string;
  kind: string;
  hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

const toAccount = (r: AccountRow): AccountRecord => ({
  id: r.id,
  email: r.email,
  passwordHash: r.password_hash,
  plan: r.plan as Plan,
  storageDir: r.storage_dir,
  createdAt: r.created_at,
});

const toKey = (r: KeyRow): ApiKeyRecord => ({
  id: r.id,
  accountId: r.account_id,
  name: r.name,
  prefix: r.prefix,
  kind: r.kind === 'ent' ? 'ent' : 'live',
  hash: r.hash,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
  revokedAt: r.revoked_at,
});

/** Accounts, keys and usage counters in `system.sqlite`. */
export function createSqliteAccountStore(file: string): AccountStore {
  const db = openDatabase(file, SYSTEM_MIGRATIONS);
  const s = {
    insertAccount: db.prepare(
      'INSERT INTO accounts (id, email, password_hash, plan, storage_dir, created_at) VALUES (@id, @email, @passwordHash, @plan, @storageDir, @createdAt)',
    ),
    accountById: db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE id = ?'),
    accounts: db.prepare<[], AccountRow>('SELECT * FROM accounts ORDER BY created_at'),
    accountByEmail: db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE email = ?'),
    insertKey: db.prepare(
      'INSERT INTO api_keys (id, account_id, name, prefix, kind, hash, created_at) VALUES (@id, @accountId, @name, @prefix, @kind, @hash, @createdAt)',
    ),
    keyByHash: db.prepare<[string], KeyRow>('SELECT * FROM api_keys WHERE hash = ?'),
    keysOf: db.prepare<[string], KeyRow>('SELECT * FROM api_keys WHERE account_id = ? ORDER BY created_at'),
    revoke: db.prepare('UPDATE api_keys SET revoked_at = ? WHERE account_id = ? AND id = ? AND revoked_at IS NULL'),
    touch: db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?'),
    usage: db.prepare<[string, string], { queries: number }>(
      'SELECT queries FROM query_usage WHERE account_id = ? AND period = ?',
    ),
    bump: db.prepare(
      `INSERT INTO query_usage (account_id, period, queries) VALUES (?, ?, 1)
       ON CONFLICT (account_id, period) DO UPDATE SET queries = queries + 1`,
    ),
  };
  const countQuery = db.transaction((accountId: string, period: string, limit: number | null) => {
    const used = s.usage.get(accountId, period)?.queries ?? 0;
    if (limit !== null && used >= limit) return { used, allowed: false };
    s.bump.run(accountId, period);
    return { used: used + 1, allowed: true };
  });

  return {
    createAccount: async (account) => void s.insertAccount.run(account),
    getAccount: async (id) => {
      const row = s.accountById.get(id);
      return row ? toAccount(row) : null;
    },
    listAccounts: async () => s.accounts.all().map(toAccount),
    findAccountByEmail: async (email) => {
      const row = s.accountByEmail.get(email);
      return row ? toAccount(row) : null;
    },
    createKey: async (key) => void s.insertKey.run(key),
    findKeyByHash: async (hash) => {
      const row = s.keyByHash.get(hash);
      return row ? toKey(row) : null;
    },
    listKeys: async (accountId) => s.keysOf.all(accountId).map(toKey),
    revokeKey: async (accountId, keyId, at) => s.revoke.run(at, accountId, keyId).changes > 0,
    touchKey: async (keyId, at) => void s.touch.run(at, keyId),
    countQuery: async (accountId, period, limit) => countQuery(accountId, period, limit),
    getQueryCount: async (accountId, period) => s.usage.get(accountId, period)?.queries ?? 0,
    close: async () => void db.close(),
  };
}
