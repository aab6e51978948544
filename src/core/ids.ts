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

/** Milliseconds since 1970 in 8 base62 characters (good until the year 8888), so ids sort by time. */
function timePart(): string {
  let n = Date.now();
  let out = '';
  for (let i = 0; i < 8; i++) {
    out = ALPHABET[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

/**
 * Opaque identifiers with a readable kind prefix, e.g. `doc_0Xk3…`: a time part, so rows written
 * together land next to each other in the B-tree indexes (ingest writes tens per chunk), and 14
 * random characters (about 83 bits).
 */
export function newId(prefix: 'doc' | 'chk' | 'ent' | 'fact' | 'job' | 'ses' | 'upl' | 'key' | 'acct' | 'req' | 'fld' | 'dl'): string {
  return `${prefix}_${timePart()}${randomBase62(14)}`;
}

export function nowIso(): string {
  return new Date().toISOString();
}
