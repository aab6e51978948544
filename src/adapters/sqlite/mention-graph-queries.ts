import type { MentionGraphStore } from '../../core/ports';
import type { AliasIndex } from './alias-queries';
import type { Db } from './open-database';

/**
 * The mention index read as a graph (which entities passages name together), with resolution
 * across documents: an entity's passages are those of its whole group, and the entities a passage
 * names are read as the ones they count for. Entity handles are the terms of `entity_chunks`, so
 * one FTS5 query finds an entity's passages and its vocabulary counts them.
 */
export function createMentionGraphQueries(db: Db, aliases: AliasIndex): MentionGraphStore {
  const s = {
    handles: db.prepare<[string], { id: string; n: number }>('SELECT id, n FROM entities WHERE id IN (SELECT value FROM json_each(?))'),
    passages: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM chunks'),
    counts: db.prepare<[string], { term: string; doc: number }>('SELECT term, doc FROM entity_chunks_vocab WHERE term IN (SELECT value FROM json_each(?))'),
    // The vocabulary is read whole, but it has one row per entity: far fewer than mention rows.
    mostMentioned: db.prepare<[{ types: string; limit: number }], { id: string; doc: number }>(
      `SELECT e.id, v.doc FROM entity_chunks_vocab v JOIN entities e ON e.n = CAST(v.term AS INTEGER)
       WHERE e.type NOT IN (SELECT value FROM json_each(@types)) ORDER BY v.doc DESC LIMIT @limit`,
    ),
    newestOf: db.prepare<[{ match: string; limit: number }], { rowid: number }>(
      'SELECT rowid FROM entity_chunks WHERE entity_chunks MATCH @match ORDER BY rowid DESC LIMIT @limit',
    ),
    namedIn: db.prepare<[{ rowids: string; types: string }], { chunk_id: string; id: string }>(
      `SELECT c.id AS chunk_id, e.id FROM chunks c
       JOIN documents d ON d.id = c.document_id AND d.state = 'ready' AND d.memory = 1
       JOIN chunk_mentions m ON m.chunk = c.rowid JOIN entities e ON e.n = m.entity
       WHERE c.rowid IN (SELECT value FROM json_each(@rowids)) AND e.type NOT IN (SELECT value FROM json_each(@types))`,
    ),
    both: db.prepare<[string], { id: string }>(
      `SELECT c.id FROM entity_chunks f JOIN chunks c ON c.rowid = f.rowid
       JOIN documents d ON d.id = c.document_id AND d.state = 'ready' AND d.memory = 1
       WHERE entity_chunks MATCH ? ORDER BY f.rowid DESC`,
    ),
  };

  /** Each entity's group (itself and its members) as mention-index handles. */
  const groupHandles = (ids: string[]): Map<string, number[]> => {
    const groups = new Map<string, string[]>();
    for (const id of new Set(ids.map(aliases.canonicalOf))) groups.set(id, aliases.groupOf(id));
    const all = [...new Set([...groups.values()].flat())];
    const handleOf = new Map((all.length === 0 ? [] : s.handles.all(JSON.stringify(all))).map((r) => [r.id, r.n]));
    const out = new Map<string, number[]>();
    for (const [id, group] of groups) {
      const handles = group.flatMap((g) => handleOf.get(g) ?? []);
      if (handles.length > 0) out.set(id, handles);
    }
    return out;
  };
  const anyOf = (handles: number[]): string => handles.join(' OR ');

  return {
    mentionCounts: async (ids) => {
      const groups = groupHandles(ids);
      const terms = [...groups.values()].flat().map(String);
      const doc = new Map((terms.length === 0 ? [] : s.counts.all(JSON.stringify(terms))).map((r) => [r.term, r.doc]));
      // A group's members are summed: a passage naming two of them is counted twice, which only
      // happens where a document used both names and is rare enough not to matter for a ranking.
      const counts = new Map([...groups].map(([id, handles]) => [id, handles.reduce((sum, n) => sum + (doc.get(String(n)) ?? 0), 0)]));
      return { passages: s.passages.get()?.n ?? 0, counts };
    },
    mostMentioned: async (limit, excludeTypes) => {
      // Spares for members folded into the entity they count for.
      const rows = s.mostMentioned.all({ types: JSON.stringify(excludeTypes), limit: limit * 2 });
      const totals = new Map<string, number>();
      for (const r of rows) {
        const id = aliases.canonicalOf(r.id);
        totals.set(id, (totals.get(id) ?? 0) + r.doc);
      }
      return [...totals].sort((a, b) => b[1] - a[1]).slice(0, limit).map(([entityId, passages]) => ({ entityId, passages }));
    },
    passageMentions: async (ids, perEntity, excludeTypes) => {
      const rowids = new Set<number>();
      for (const handles of groupHandles(ids).values()) for (const r of s.newestOf.all({ match: anyOf(handles), limit: perEntity })) rowids.add(r.rowid);
      if (rowids.size === 0) return [];
      const named = new Map<string, Set<string>>();
      for (const r of s.namedIn.all({ rowids: JSON.stringify([...rowids]), types: JSON.stringify(excludeTypes) })) {
        const set = named.get(r.chunk_id) ?? new Set<string>();
        set.add(aliases.canonicalOf(r.id));
        named.set(r.chunk_id, set);
      }
      return [...named].map(([chunkId, set]) => ({ chunkId, entityIds: [...set] }));
    },
    passagesMentioningBoth: async (a, b, limit) => {
      const groups = groupHandles([a, b]);
      const first = groups.get(aliases.canonicalOf(a));
      const second = groups.get(aliases.canonicalOf(b));
      if (!first || !second) return { chunkIds: [], total: 0 };
      const rows = s.both.all(`(${anyOf(first)}) AND (${anyOf(second)})`);
      return { chunkIds: rows.slice(0, limit).map((r) => r.id), total: rows.length };
    },
  };
}
