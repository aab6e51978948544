import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { KbError } from '../errors';
import { newId, nowIso } from '../ids';
import type { AccountStore } from '../ports';
import type { AccountService } from './account-service';

export const OWNER_EMAIL = 'owner@localhost';

export interface OwnerKey {
  apiKey: string;
  keyFile: string;
  created: boolean;
}

/**
 * The local owner account on the `local` plan, so nobody has to sign up to use their own machine.
 * Its key lives in `owner.key` in the data folder, readable only by the user; a missing or revoked
 * key is replaced by a new one.
 */
export async function ensureOwnerAccount(accounts: AccountService, store: AccountStore, dataDir: string): Promise<OwnerKey> {
  const keyFile = join(dataDir, 'owner.key');
  if (existsSync(keyFile)) {
    const apiKey = readFileSync(keyFile, 'utf8').trim();
    const valid = await accounts.authenticate(apiKey).then(
      (auth) => auth.account.email === OWNER_EMAIL,
      (error: unknown) => (error instanceof KbError && error.code === 'unauthorized' ? false : Promise.reject(error)),
    );
    if (valid) return { apiKey, keyFile, created: false };
  }
  let owner = await store.findAccountByEmail(OWNER_EMAIL);
  if (!owner) {
    owner = { id: newId('acct'), email: OWNER_EMAIL, passwordHash: null, plan: 'local', storageDir: null, createdAt: nowIso() };
    await store.createAccount(owner);
  }
  const { apiKey } = await accounts.issueKey(owner.id, 'owner', 'live');
  writeFileSync(keyFile, `${apiKey}\n`, { mode: 0o600 });
  chmodSync(keyFile, 0o600);
  return { apiKey, keyFile, created: true };
}
