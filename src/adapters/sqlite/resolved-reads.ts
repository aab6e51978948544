import type { KnowledgeStore } from '../../core/ports';
import type { StoredEntity, StoredFact } from '../../core/model';
import type { AliasIndex } from './alias-queries';

/** The store's reads of entities, their facts and mentions: what resolution across documents applies to. */
export type EntityReads = Pick<
  KnowledgeStore,
  | 'findEntitiesByKeys'
  | 'getEntities'
  | 'factsOfEntities'
  | 'factsOfChunks'
  | 'factsOfDocument'
  | 'getFacts'
  | 'chunksMentioning'
  | 'coMentioned'
  | 'namedEntitiesOfChunks'
  | 'allRelationships'
  | 'allEntities'
>;

/**
 * The entity reads with resolution across documents applied: a member entity is read as the
 * entity it counts for, and reading that entity takes in its members' mentions and facts. The
 * mapping is an in-memory lookup (alias-queries.ts), so the hot statements keep their plans; with
 * nothing merged every read is the plain one.
 */
export function resolvedReads(raw: EntityReads, aliases: AliasIndex): EntityReads {
  const canonicalIds = (ids: string[]): string[] => [...new Set(ids.map(aliases.canonicalOf))];
  const expand = (ids: string[]): string[] => [...new Set(ids.flatMap(aliases.groupOf))];
  const mapFacts = (facts: StoredFact[]): StoredFact[] => (aliases.merging ? facts.map(aliases.mapFact) : facts);
  const entitiesById = async (ids: string[]): Promise<Map<string, StoredEntity>> => new Map((await raw.getEntities(ids)).map((e) => [e.id, e]));

  return {
    findEntitiesByKeys: async (keys) => {
      const found = await raw.findEntitiesByKeys(keys);
      // A key a document gave to an entity names it even where no entity is stored under the key
      // (the document's own "IBM" mentions were written under the full name).
      const taught = keys.flatMap(aliases.targetsOfKey);
      if (!aliases.merging && taught.length === 0) return found;
      const ids = canonicalIds([...found.map((e) => e.id), ...taught]);
      const byId = new Map(found.map((e) => [e.id, e]));
      const missing = ids.filter((id) => !byId.has(id));
      if (missing.length > 0) for (const [id, e] of await entitiesById(missing)) byId.set(id, e);
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
    getEntities: async (ids) => raw.getEntities(aliases.merging ? canonicalIds(ids) : ids),
    factsOfEntities: async (ids, perEntity) => {
      if (!aliases.merging) return raw.factsOfEntities(ids, perEntity);
      const out: StoredFact[] = [];
      for (const id of canonicalIds(ids)) {
        const group = aliases.groupOf(id);
        const facts = await raw.factsOfEntities(group, perEntity);
        // A merged entity gets the same share as any other: its surest facts over all its members.
        const kept = group.length === 1 ? facts : [...new Map(facts.map((f) => [f.id, f])).values()].sort((a, b) => b.confidence - a.confidence).slice(0, perEntity * 2);
        out.push(...kept.map(aliases.mapFact));
      }
      return out;
    },
    getFacts: async (ids) => mapFacts(await raw.getFacts(ids)),
    factsOfChunks: async (ids, limit) => mapFacts(await raw.factsOfChunks(ids, limit)),
    factsOfDocument: async (id, page) => {
      const { facts, total } = await raw.factsOfDocument(id, page);
      return { facts: mapFacts(facts), total };
    },
    // Under their stored ids: the graph draws merged entities as the one they count for itself (mergedEntities).
    allRelationships: raw.allRelationships,
    allEntities: async () => {
      const all = await raw.allEntities();
      return aliases.merging ? all.filter((e) => !aliases.isMember(e.id)) : all;
    },
    chunksMentioning: async (ids, limit, scope) => raw.chunksMentioning(aliases.merging ? expand(ids) : ids, limit, scope),
    coMentioned: async (ids, limit, scope) => {
      if (!aliases.merging) return raw.coMentioned(ids, limit, scope);
      const seeds = new Set(canonicalIds(ids));
      // Members of one entity come back as separate rows; a few spares keep the list full once they are folded.
      const rows = await raw.coMentioned(expand(ids), limit * 2, scope);
      const scores = new Map<string, number>();
      for (const r of rows) {
        const id = aliases.canonicalOf(r.entityId);
        if (!seeds.has(id)) scores.set(id, (scores.get(id) ?? 0) + r.score);
      }
      return [...scores].sort((a, b) => b[1] - a[1]).slice(0, limit).map(([entityId, score]) => ({ entityId, score }));
    },
    namedEntitiesOfChunks: async (ids) => {
      const rows = await raw.namedEntitiesOfChunks(ids);
      if (!aliases.merging || !rows.some((r) => aliases.isMember(r.entity.id))) return rows;
      const canonical = await entitiesById(canonicalIds(rows.filter((r) => aliases.isMember(r.entity.id)).map((r) => r.entity.id)));
      const merged = new Map<string, (typeof rows)[number]>();
      for (const r of rows) {
        const entity = canonical.get(aliases.canonicalOf(r.entity.id)) ?? r.entity;
        const key = `${r.chunkId}\u0000${entity.id}`;
        const seen = merged.get(key);
        if (seen) seen.count += r.count;
        else merged.set(key, { chunkId: r.chunkId, entity, count: r.count });
      }
      return [...merged.values()].sort((a, b) => b.count - a.count);
    },
  };
}
