/**
 * The entities of one chunk while they are being found: drafts keyed by their
 * normalised name, the mentions that point at them, and the type votes they
 * collect. Drafts merge union-find style (an alias or a lone surname joins a
 * full name), so every lookup goes through `canon`.
 */
import type { EntityType, ExtractedEntity, Span } from './types';
import { entityKey } from './entity-key';
import type { TokenView } from './token-view';

export type MentionKind = 'named' | 'value' | 'concept';

export interface Mention {
  /** Entity draft index, or -1 for a bare number that is only ever an attribute value. */
  entity: number;
  first: number;
  last: number;
  kind: MentionKind;
}

// Score slots for the types that named entities can take.
export const PERSON = 0;
export const ORGANIZATION = 1;
export const PLACE = 2;
export const WORK = 3;
export type TypeSlot = typeof PERSON | typeof ORGANIZATION | typeof PLACE | typeof WORK;
const SCORED_TYPES: readonly EntityType[] = ['person', 'organization', 'place', 'work'];

export interface EntityDraft {
  key: string;
  name: string;
  kind: MentionKind;
  /** Dates, amounts and concepts are typed by how they were found, not by voting. */
  fixedType: EntityType | null;
  scores: [number, number, number, number];
  mentions: Span[];
  /** Index of the draft this one was merged into (itself when not merged). */
  parent: number;
}

const KEY_CACHE = new Map<string, string>();
const KEY_CACHE_LIMIT = 50_000;

/** entityKey, memoised across chunks. */
export function cachedKey(name: string): string {
  let k = KEY_CACHE.get(name);
  if (k === undefined) {
    // Names recur from chunk to chunk of a document; the bound keeps memory flat on long runs.
    if (KEY_CACHE.size >= KEY_CACHE_LIMIT) KEY_CACHE.clear();
    k = entityKey(name);
    KEY_CACHE.set(name, k);
  }
  return k;
}

export class EntityTable {
  readonly drafts: EntityDraft[] = [];
  readonly mentions: Mention[] = [];
  /** Index of the mention covering each token, -1 for none. */
  readonly mentionAt: Int32Array;
  private readonly byKey = new Map<string, number>();

  constructor(private readonly tokens: TokenView) {
    this.mentionAt = new Int32Array(tokens.count).fill(-1);
  }

  /** The draft that entity e was (transitively) merged into. */
  canon(e: number): number {
    let d = this.drafts[e];
    while (d !== undefined && d.parent !== e) {
      e = d.parent;
      d = this.drafts[e];
    }
    return e;
  }

  /** The draft for a name, created on first sight; -1 when the name has no usable key. */
  draftFor(name: string, kind: MentionKind, fixedType: EntityType | null, key = cachedKey(name)): number {
    if (key.length === 0) return -1;
    const existing = this.byKey.get(key);
    if (existing !== undefined) return this.canon(existing);
    const index = this.drafts.length;
    this.drafts.push({ key, name, kind, fixedType, scores: [0, 0, 0, 0], mentions: [], parent: index });
    this.byKey.set(key, index);
    return index;
  }

  /** The draft filed under a key (not resolved through merges), if any. */
  byKeyOf(key: string): number | undefined {
    return this.byKey.get(key);
  }

  /** Files `alias` as another key of `entity`, merging in a draft already made for the bare alias. */
  addAlias(alias: string, entity: number): void {
    const aliasKey = cachedKey(alias);
    // Earlier mentions of the bare alias are merged in; later ones find it through the key map.
    const earlier = this.byKey.get(aliasKey);
    if (earlier !== undefined) this.merge(earlier, entity);
    this.byKey.set(aliasKey, entity);
  }

  addMention(first: number, last: number, kind: MentionKind, entity: number): number {
    const m = this.mentions.length;
    this.mentions.push({ entity, first, last, kind });
    for (let i = first; i <= last; i++) this.mentionAt[i] = m;
    if (entity >= 0) this.drafts[entity]?.mentions.push({ start: this.tokens.start(first), end: this.tokens.end(last) });
    return m;
  }

  vote(entity: number, slot: TypeSlot, weight: number): void {
    const d = this.drafts[this.canon(entity)];
    if (d !== undefined && d.kind === 'named') d.scores[slot] = (d.scores[slot] ?? 0) + weight;
  }

  /** A fixed type, else the best-voted one; 'other' when nothing voted. */
  typeOf(entity: number): EntityType {
    const d = this.drafts[this.canon(entity)];
    if (d === undefined) return 'other';
    if (d.fixedType !== null) return d.fixedType;
    let best = -1;
    let bestScore = 0;
    for (let s = 0; s < d.scores.length; s++) {
      const score = d.scores[s] ?? 0;
      if (score > bestScore) {
        best = s;
        bestScore = score;
      }
    }
    return SCORED_TYPES[best] ?? 'other';
  }

  merge(from: number, into: number): void {
    from = this.canon(from);
    into = this.canon(into);
    if (from === into) return;
    const a = this.drafts[from];
    const b = this.drafts[into];
    if (a === undefined || b === undefined) return;
    b.mentions.push(...a.mentions);
    a.mentions = [];
    b.scores = [
      b.scores[0] + a.scores[0],
      b.scores[1] + a.scores[1],
      b.scores[2] + a.scores[2],
      b.scores[3] + a.scores[3],
    ];
    a.parent = into;
  }

  /** The canonical entity of mention m, or -1 for a bare number. */
  mentionEntity(m: number): number {
    const e = this.mentions[m]?.entity ?? -1;
    return e < 0 ? -1 : this.canon(e);
  }
  isNamedMention(m: number): boolean {
    return this.mentions[m]?.kind === 'named';
  }

  /** The named entity whose mention covers token i, or -1. */
  namedAt(i: number): number {
    const m = this.mentionAt[i] ?? -1;
    return m >= 0 && this.isNamedMention(m) ? this.mentionEntity(m) : -1;
  }

  /** Surviving (unmerged, mentioned) entities, mentions in text order. */
  toEntities(): ExtractedEntity[] {
    const out: ExtractedEntity[] = [];
    for (let e = 0; e < this.drafts.length; e++) {
      const d = this.drafts[e];
      if (d === undefined || d.parent !== e || d.mentions.length === 0) continue;
      const mentions = d.mentions.slice().sort((x, y) => x.start - y.start);
      out.push({ name: d.name, type: this.typeOf(e), key: d.key, mentions });
    }
    return out;
  }
}
