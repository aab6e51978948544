/**
 * The chunk's final fact list. Facts were keyed by the entity keys current when
 * they were found; merges found later (aliases, surnames) can make two of them
 * the same statement, and a real relationship makes a co-occurrence of the same
 * pair redundant.
 */
import type { ExtractedFact } from './types';
import type { EntityTable } from './entity-table';
import { COOCCURS } from './fact-table';

export function dedupeFacts(facts: Iterable<ExtractedFact>, entities: EntityTable): ExtractedFact[] {
  // Keys may have been re-pointed by merges after a fact was recorded.
  const keyOf = new Map<string, string>();
  const drafts = entities.drafts;
  for (let e = 0; e < drafts.length; e++) {
    const d = drafts[e];
    if (d !== undefined && d.parent !== e) keyOf.set(d.key, drafts[entities.canon(e)]?.key ?? d.key);
  }
  const strong = new Set<string>();
  const out: ExtractedFact[] = [];
  const seen = new Set<string>();
  for (const f of facts) {
    const subjectKey = keyOf.get(f.subjectKey) ?? f.subjectKey;
    const objectKey = f.objectKey === null ? null : (keyOf.get(f.objectKey) ?? f.objectKey);
    if (subjectKey === objectKey) continue;
    const fact = { ...f, subjectKey, objectKey };
    if (fact.kind === 'relationship' && fact.predicate !== COOCCURS) strong.add(pairId(subjectKey, objectKey ?? ''));
    out.push(fact);
  }
  // A weak co-occurrence adds nothing where a real relationship links the same pair.
  return out.filter((f) => {
    const id = `${f.subjectKey}\u0001${f.predicate}\u0001${f.objectKey ?? ''}\u0001${f.value ?? ''}`;
    if (seen.has(id)) return false;
    seen.add(id);
    if (f.predicate !== COOCCURS) return true;
    const pair = pairId(f.subjectKey, f.objectKey ?? '');
    if (strong.has(pair) || seen.has(`co:${pair}`)) return false;
    seen.add(`co:${pair}`);
    return true;
  });
}

/** The same id for (a, b) and (b, a): co-occurrence has no direction. */
function pairId(a: string, b: string): string {
  return a < b ? `${a}\u0001${b}` : `${b}\u0001${a}`;
}
