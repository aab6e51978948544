import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random base62 text; 22 characters carry about 131 bits. */
export function randomBase62(length: number): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; out.length < length; i++) {
    const byte = bytes[i % bytes.length] ?? 0;
    // Rejection sampling keeps every character equally likely (248 = 4 * 62).
    if (byte < 248) out += ALPHABET[byte % 62];
    if (i >= bytes.length - 1 && out.length < length) return out + randomBase62(length - out.length);
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
