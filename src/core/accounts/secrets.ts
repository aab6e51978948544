import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { randomBase62 } from '../ids';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number, options: { N: number; r: number; p: number; maxmem: number }) => Promise<Buffer>;
const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** scrypt (memory-hard) with a random salt, stored as `scrypt$N$r$p$salt$hash`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password.normalize('NFKC'), salt, 32, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return timingSafeEqual(expected, actual);
}

export type KeyKind = 'live' | 'ent';

export const KEY_PATTERN = /^svc_(live|ent)_[0-9A-Za-z]{32,128}$/;

/** A new API key: the prefix tells its kind, 40 base62 characters carry about 238 bits. */
export function generateApiKey(kind: KeyKind): string {
  return `svc_${kind}_${randomBase62(40)}`;
}

/**
 * Keys are random and long, so a fast hash suffices (no dictionary to attack), and looking the
 * hash up in an index compares nothing secret character by character.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
