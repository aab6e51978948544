import { SHARED_ALIAS_REASONS, type AliasClaim, type AliasReason, type EntityResolution, type StoredEntity, type StoredFact } from '../../core/model';
import type { Db } from './open-database';
import { toEntity, type EntityRow } from './rows';

/** Target entity id → how many alias rows give the key to it. */
type Targets = Map<string, number>;

interface KeyClaims {
  /** Acronyms: the key's entity counts for the target in every document. */
  shared: Targets;
  /** Surnames and titles: they merged mentions inside their own document only. */
  local: Targets;
}

/**
 * Entity resolution across documents, held in memory so that reads stay free of joins: which
 * stored entity counts for which ("members" of a canonical entity), derived from the alias rows
 * documents wrote (schema v4, `entity_aliases`). A key whose acronym rows name two different
 * entities merges into neither. Loaded at open; kept in step by the write and delete transactions,
 * which call `settle` before they commit and `reload` when they fail.
 */
export interface AliasIndex {
  /** False while no entity counts for another: the reads then take their plain path. */
  readonly merging: boolean;
  /** The entity an id counts for: itself unless it is a member. */
  canonicalOf(id: string): string;
  /** The canonical id first, then the ids of its members. */
  groupOf(id: string): string[];
  isMember(id: string): boolean;
  /** The fact with its subject and object read as the entities they count for. */
  mapFact(fact: StoredFact): StoredFact;
  /** Entities a key names through what documents said about it, when they agree on one. */
  targetsOfKey(key: string): string[];
  resolution(id: string): EntityResolution | null;
  /** Every member with the entity it counts for. */
  merged(): { entityId: string; canonicalId: string }[];

  /** Writes a chunk's claims; `local` maps the chunk's keys to their stored entities. */
  record(documentId: string, claims: AliasClaim[], local: ReadonlyMap<string, StoredEntity>, now: string): void;
  /** A new entity whose key a document already gave to another entity becomes its member. */
  entityCreated(key: string): void;
  forgetDocument(documentId: string): void;
  /** Entities deleted as orphans. */
  forgetEntities(ids: string[]): void;
  /** Applies the pending changes; returns the ids of entities that now count for a different entity. */
  settle(): string[];
  reload(): void;
}

export function createAliasIndex(db: Db): AliasIndex {
  const s = {
    all: db.prepare<[], { key: string; target: string; reason: AliasReason }>(
      'SELECT a.key, e.id AS target, a.reason FROM entity_aliases a JOIN entities e ON e.n = a.entity',
    ),
    ofDocument: db.prepare<[string], { key: string; target: string; reason: AliasReason }>(
      'SELECT a.key, e.id AS target, a.reason FROM entity_aliases a JOIN entities e ON e.n = a.entity WHERE a.document_id = ?',
    ),
    insert: db.prepare(
      `INSERT OR IGNORE INTO entity_aliases (key, entity, document_id, reason, alias, created_at)
       SELECT ?, n, ?, ?, ?, ? FROM entities WHERE id = ?`,
    ),
    deleteDocument: db.prepare('DELETE FROM entity_aliases WHERE document_id = ?'),
    // Rows only ever name an entity their own document mentions, so none should dangle; this is the safety net.
    deleteDangling: db.prepare('DELETE FROM entity_aliases WHERE entity NOT IN (SELECT n FROM entities)'),
    entityByKey: db.prepare<[string], { id: string }>('SELECT id FROM entities WHERE key = ?'),
    entityById: db.prepare<[string], EntityRow>('SELECT id, key, name, type FROM entities WHERE id = ?'),
    history: db.prepare<[string], { key: string; alias: string; reason: AliasReason; document_id: string; created_at: string }>(
      `SELECT key, alias, reason, document_id, created_at FROM entity_aliases
       WHERE entity = (SELECT n FROM entities WHERE id = ?) ORDER BY created_at, key`,
    ),
  };

  const claims = new Map<string, KeyClaims>();
  const canonical = new Map<string, string>();
  const members = new Map<string, Set<string>>();
  const dirty = new Set<string>();

  const count = (key: string, target: string, reason: AliasReason, delta: number): void => {
    let c = claims.get(key);
    if (!c) {
      if (delta < 0) return;
      c = { shared: new Map(), local: new Map() };
      claims.set(key, c);
    }
    const targets = SHARED_ALIAS_REASONS.has(reason) ? c.shared : c.local;
    const n = (targets.get(target) ?? 0) + delta;
    if (n > 0) targets.set(target, n);
    else targets.delete(target);
    if (c.shared.size === 0 && c.local.size === 0) claims.delete(key);
    if (SHARED_ALIAS_REASONS.has(reason)) dirty.add(key);
  };
  const soleTarget = (targets: Targets | undefined): string | null => (targets?.size === 1 ? (targets.keys().next().value ?? null) : null);

  const unlink = (member: string): void => {
    const target = canonical.get(member);
    if (target === undefined) return;
    canonical.delete(member);
    const group = members.get(target);
    group?.delete(member);
    if (group?.size === 0) members.delete(target);
  };

  /** Decides the key's entity anew; returns its id when it now counts for a different entity. */
  const recompute = (key: string): string | null => {
    const member = s.entityByKey.get(key)?.id;
    if (member === undefined) return null;
    const target = soleTarget(claims.get(key)?.shared);
    // One level only: an entity that others count for, or one that counts for another, never chains.
    const next = target !== null && target !== member && !canonical.has(target) && !members.has(member) ? target : null;
    if ((canonical.get(member) ?? null) === next) return null;
    unlink(member);
    if (next !== null) {
      canonical.set(member, next);
      const group = members.get(next) ?? new Set<string>();
      group.add(member);
      members.set(next, group);
    }
    return member;
  };

  const entity = (id: string): StoredEntity | null => {
    const row = s.entityById.get(id);
    return row ? toEntity(row) : null;
  };

  const index: AliasIndex = {
    get merging() {
      return canonical.size > 0;
    },
    canonicalOf: (id) => canonical.get(id) ?? id,
    groupOf: (id) => {
      const c = canonical.get(id) ?? id;
      const group = members.get(c);
      return group ? [c, ...group] : [c];
    },
    isMember: (id) => canonical.has(id),
    mapFact: (f) => {
      const subject = canonical.get(f.subjectId);
      const object = f.objectId === null ? undefined : canonical.get(f.objectId);
      return subject === undefined && object === undefined ? f : { ...f, subjectId: subject ?? f.subjectId, objectId: object ?? f.objectId };
    },
    targetsOfKey: (key) => {
      const c = claims.get(key);
      if (!c) return [];
      // An acronym's rows decide where there are any; a surname's only where there are none.
      const t = soleTarget(c.shared.size > 0 ? c.shared : c.local);
      return t === null ? [] : [t];
    },
    resolution: (id) => {
      if (!s.entityById.get(id)) return null;
      const canonicalId = canonical.get(id) ?? id;
      const merged = [...(members.get(canonicalId) ?? [])].flatMap((m) => entity(m) ?? []);
      const history = s.history.all(canonicalId).map((r) => ({
        key: r.key,
        alias: r.alias,
        reason: r.reason,
        documentId: r.document_id,
        createdAt: r.created_at,
        scope: SHARED_ALIAS_REASONS.has(r.reason) && soleTarget(claims.get(r.key)?.shared) === canonicalId ? ('all_documents' as const) : ('document' as const),
      }));
      return { canonicalId, members: merged, history };
    },
    merged: () => [...canonical].map(([entityId, canonicalId]) => ({ entityId, canonicalId })),

    record: (documentId, chunkClaims, local, now) => {
      for (const claim of chunkClaims) {
        const target = local.get(claim.targetKey);
        if (!target || claim.key === claim.targetKey) continue;
        if (s.insert.run(claim.key, documentId, claim.reason, claim.alias, now, target.id).changes > 0) count(claim.key, target.id, claim.reason, 1);
      }
    },
    entityCreated: (key) => {
      if (claims.has(key)) dirty.add(key);
    },
    forgetDocument: (documentId) => {
      for (const row of s.ofDocument.all(documentId)) count(row.key, row.target, row.reason, -1);
      s.deleteDocument.run(documentId);
    },
    forgetEntities: (ids) => {
      for (const id of ids) {
        unlink(id);
        // A deleted canonical entity leaves its members on their own: their keys are decided again.
        for (const member of members.get(id) ?? []) {
          const key = entity(member)?.key;
          if (key !== undefined) dirty.add(key);
        }
      }
      if (ids.length === 0 || s.deleteDangling.run().changes === 0) return;
      const gone = new Set(ids);
      for (const [key, c] of claims) {
        for (const id of gone) {
          if (c.shared.delete(id)) dirty.add(key);
          c.local.delete(id);
        }
        if (c.shared.size === 0 && c.local.size === 0) claims.delete(key);
      }
    },
    settle: () => {
      const changed: string[] = [];
      for (const key of dirty) {
        const member = recompute(key);
        if (member !== null) changed.push(member);
      }
      dirty.clear();
      return changed;
    },
    reload: () => {
      claims.clear();
      canonical.clear();
      members.clear();
      dirty.clear();
      for (const row of s.all.all()) count(row.key, row.target, row.reason, 1);
      index.settle();
    },
  };
  index.reload();
  return index;
}
