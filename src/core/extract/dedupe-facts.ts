/**
 * The chunk's final fact list. Facts were keyed by the entity keys current when
 * they were found; merges found later (aliases, surnames) can make two of them
 * the same statement.
 */
import type { ExtractedFact } from './types';
import type { EntityTable } from './entity-table';

export function dedupeFacts(facts: Iterable<ExtractedFact>, entities: EntityTable): ExtractedFact[] {
  // Keys may have been re-pointed by merges after a fact was recorded.
  const keyOf = new Map<string, string>();
  const drafts = entities.drafts;
  for (let e = 0; e < drafts.length; e++) {
    const d = drafts[e];
    if (d !== undefined && d.parent !== e) keyOf.set(d.key, drafts[entities.canon(e)]?.key ?? d.key);
  }
  const out: ExtractedFact[] = [];
  const seen = new Set<string>();
  for (const f of facts) {
    const subjectKey = keyOf.get(f.subjectKey) ?? f.subjectKey;
    const objectKey = f.objectKey === null ? null : (keyOf.get(f.objectKey) ?? f.objectKey);
    if (subjectKey === objectKey) continue;
    const id = `${subjectKey}\u0001${f.predicate}\u0001${objectKey ?? ''}\u0001${f.value ?? ''}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ ...f, subjectKey, objectKey });
  }
  return out;
}
