/**
 * Every dev set is split in two by a hash of each item's id: constants are chosen on the tuning
 * half, and only the held-out half is reported as the product's quality. The split never depends
 * on the item's text or position, so adding items does not move the others.
 */
export type Half = 'tuning' | 'held-out';
export const HALVES: readonly Half[] = ['tuning', 'held-out'];

/**
 * FNV-1a, 32 bits, then MurmurHash3's finaliser: stable across runs and machines. FNV's low bit
 * alone is only the parity of the characters' low bits, so two salted coins would be one coin.
 */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b) >>> 0;
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35) >>> 0;
  return (hash ^ (hash >>> 16)) >>> 0;
}

export function halfOf(id: string): Half {
  return fnv1a(id) % 2 === 0 ? 'tuning' : 'held-out';
}

/** A second, independent coin per id (a different salt): which questions lose their gold in the missing-answer variant. */
export function losesGold(id: string): boolean {
  return fnv1a(`missing:${id}`) % 2 === 0;
}
