import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const POOL_SIZE = 8192;
let pool = randomBytes(POOL_SIZE);
let offset = 0;

/** Ingest makes tens of ids per chunk; drawing them from a pooled buffer keeps the syscalls rare. */
function nextByte(): number {
  if (offset >= POOL_SIZE) {
    pool = randomBytes(POOL_SIZE);
    offset = 0;
  }
  return pool[offset++] ?? 0;
}

/** Random base62 text; 22 characters carry about 131 bits. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    const byte = nextByte();
    // Rejection sampling keeps every character equally likely (248 = 4 * 62).
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out;
}

/** Opaque identifiers with a readable kind prefix, e.g. `doc_3fZ…`. */
export function newId(prefix: 'doc' | 'chk' | 'ent' | 'fact' | 'job' | 'ses' | 'upl' | 'key' | 'acct' | 'req'): string {
  return `${prefix}_${randomBase62(20)}`;
}

export function nowIso(): string {
  return new Date().toISOString();
}
