import type { EngineConfig } from '../config';
import { KbError, notFound } from '../errors';
import { newId, nowIso } from '../ids';
import type { AccountRecord, AccountStore, ApiKeyRecord, Plan } from '../ports';
import { RateLimiter } from './rate-limiter';
import { KEY_PATTERN, generateApiKey, hashApiKey, hashPassword, verifyPassword, type KeyKind } from './secrets';
import { usagePeriod } from './usage-period';

/** Who a request is from: resolved from its API key. */
export interface AuthContext {
  account: AccountRecord;
  key: ApiKeyRecord;
}

export interface IssuedKey {
  keyId: string;
  apiKey: string;
}

const TOUCH_EVERY_MS = 60_000;

export class AccountService {
  private readonly rate = new RateLimiter();
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly store: AccountStore,
    private readonly config: EngineConfig,
  ) {}

  async signup(email: string, password: string, plan: Plan = 'free'): Promise<{ account: AccountRecord; key: IssuedKey }> {
    if (await this.store.findAccountByEmail(email)) {
      throw new KbError('conflict', 'an account with this e-mail already exists');
    }
    const account: AccountRecord = {
      id: newId('acct'),
      email,
      passwordHash: await hashPassword(password),
      plan,
      storageDir: null,
      createdAt: nowIso(),
    };
    await this.store.createAccount(account);
    return { account, key: await this.issueKey(account.id, 'default', 'live') };
  }

  async login(email: string, password: string): Promise<{ account: AccountRecord; key: IssuedKey }> {
    const account = await this.store.findAccountByEmail(email);
    // Verify against a throwaway hash when the account is missing, so timing does not reveal which e-mails exist.
    const ok = await verifyPassword(password, account?.passwordHash ?? (await hashPassword('not-a-password')));
    if (!account || !account.passwordHash || !ok) throw new KbError('unauthorized', 'wrong e-mail or password');
    return { account, key: await this.issueKey(account.id, `login ${nowIso().slice(0, 10)}`, 'live') };
  }

  async issueKey(accountId: string, name: string, kind: KeyKind): Promise<IssuedKey> {
    const apiKey = generateApiKey(kind);
    const record: ApiKeyRecord = {
      id: newId('key'),
      accountId,
      name,
      prefix: apiKey.slice(0, kind === 'live' ? 13 : 12),
      kind,
      hash: hashApiKey(apiKey),
      createdAt: nowIso(),
      lastUsedAt: null,
      revokedAt: null,
    };
    await this.store.createKey(record);
    return { keyId: record.id, apiKey };
  }

  /** Resolves a bearer key to its account; any problem is the same 401, to reveal nothing. */
  async authenticate(apiKey: string | null): Promise<AuthContext> {
    if (!apiKey || !KEY_PATTERN.test(apiKey)) throw unauthorized();
    const key = await this.store.findKeyByHash(hashApiKey(apiKey));
    if (!key || key.revokedAt !== null) throw unauthorized();
    const account = await this.store.getAccount(key.accountId);
    if (!account) throw unauthorized();
    const now = Date.now();
    if (now - (this.touched.get(key.id) ?? 0) > TOUCH_EVERY_MS) {
      this.touched.set(key.id, now);
      await this.store.touchKey(key.id, new Date(now).toISOString());
    }
    return { account, key };
  }

  /** Counts a request against the per-minute limit of the account's plan. */
  checkRate(auth: AuthContext): void {
    const retryAfterSeconds = this.rate.hit(auth.account.id, this.config.plans[auth.account.plan].requestsPerMinute);
    if (retryAfterSeconds !== null) {
      throw new KbError('rate_limited', `rate limit exceeded; retry in ${retryAfterSeconds} s`, { retryAfterSeconds });
    }
  }

  /** Counts one query against the monthly quota. */
  async consumeQuery(auth: AuthContext): Promise<void> {
    const now = new Date();
    const period = usagePeriod(now);
    const limit = this.config.plans[auth.account.plan].queriesPerMonth;
    const { allowed } = await this.store.countQuery(auth.account.id, period.key, limit);
    if (!allowed) {
      const retryAfterSeconds = Math.ceil((period.end.getTime() - now.getTime()) / 1000);
      throw new KbError('quota_exceeded', `monthly query quota of ${limit} is used up`, { retryAfterSeconds });
    }
  }

  async limits(auth: AuthContext) {
    const period = usagePeriod(new Date());
    const plan = this.config.plans[auth.account.plan];
    const used = await this.store.getQueryCount(auth.account.id, period.key);
    return {
      success: true as const,
      plan: auth.account.plan,
      queries: {
        limit: plan.queriesPerMonth,
        used,
        remaining: plan.queriesPerMonth === null ? null : Math.max(0, plan.queriesPerMonth - used),
        period_start: period.start.toISOString(),
        period_end: period.end.toISOString(),
      },
      rate: { requests_per_minute: plan.requestsPerMinute },
      max_upload_bytes: this.config.limits.maxUploadBytes,
      max_insert_bytes: this.config.limits.maxInsertBytes,
    };
  }

  async listKeys(auth: AuthContext): Promise<ApiKeyRecord[]> {
    return this.store.listKeys(auth.account.id);
  }

  async revokeKey(auth: AuthContext, keyId: string): Promise<void> {
    const keys = await this.store.listKeys(auth.account.id);
    const key = keys.find((k) => k.id === keyId);
    if (!key) throw notFound('key', keyId);
    await this.store.revokeKey(auth.account.id, keyId, nowIso());
  }

  async listAccounts(): Promise<AccountRecord[]> {
    return this.store.listAccounts();
  }
}

function unauthorized(): KbError {
  return new KbError('unauthorized', 'a valid API key is required: send "Authorization: Bearer svc_live_…"');
}
