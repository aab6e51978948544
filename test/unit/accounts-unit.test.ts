import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../src/core/accounts/rate-limiter';
import { KEY_PATTERN, generateApiKey, hashPassword, verifyPassword } from '../../src/core/accounts/secrets';
import { usagePeriod } from '../../src/core/accounts/usage-period';

describe('secrets', () => {
  it('hashes passwords with scrypt and a salt, and verifies them', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('correct horse');
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('wrong horse', a)).toBe(false);
  });

  it('makes unguessable keys with the documented prefixes', () => {
    const keys = new Set(Array.from({ length: 200 }, () => generateApiKey('live')));
    expect(keys.size).toBe(200);
    for (const k of keys) expect(k).toMatch(KEY_PATTERN);
    expect(generateApiKey('ent')).toMatch(/^svc_ent_[0-9A-Za-z]{40}$/);
  });
});

describe('RateLimiter', () => {
  it('allows the limit per minute, then says how long to wait, then resets', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(() => now);
    for (let i = 0; i < 5; i++) expect(limiter.hit('a', 5)).toBeNull();
    now += 20_000;
    expect(limiter.hit('a', 5)).toBe(40);
    expect(limiter.hit('b', 5)).toBeNull();
    now += 40_000;
    expect(limiter.hit('a', 5)).toBeNull();
    expect(limiter.hit('a', null)).toBeNull();
  });
});

describe('usagePeriod', () => {
  it('runs by calendar month in UTC', () => {
    const p = usagePeriod(new Date('2026-12-31T23:59:59Z'));
    expect(p.key).toBe('2026-12');
    expect(p.end.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});
