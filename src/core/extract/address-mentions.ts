/**
 * "Gettysburg, Pennsylvania", "Alcobendas, Spain": a place named with the larger place it lies
 * in, after a comma. The second name only qualifies the first, so clause patterns read the pair
 * as one argument (the first). No fact is drawn from the pair itself: the region is often only
 * part of how the place is named, and the two are typed as places.
 */
import type { ChunkContext } from './chunk-context';
import { PLACE } from './entity-table';
import { PLACE_PREPOSITIONS } from './word-lists';


export function findAddresses(ctx: ChunkContext, first: number, last: number): void {
  const { tokens: t, entities } = ctx;
  for (let i = first; i <= last; i++) {
    const m1 = entities.mentionAt[i] ?? -1;
    if (m1 < 0 || !entities.isNamedMention(m1)) continue;
    const end1 = entities.mentions[m1]?.last ?? i;
    i = end1;
    const m2 = entities.mentionAt[end1 + 2] ?? -1;
    if (t.value(end1 + 1) !== ',' || m2 < 0 || m2 === m1 || !entities.isNamedMention(m2)) continue;
    const end2 = entities.mentions[m2]?.last ?? end1 + 2;
    if (listGoesOn(ctx, end2, last)) continue;
    const e1 = entities.mentionEntity(m1);
    const e2 = entities.mentionEntity(m2);
    if (e1 < 0 || e2 < 0 || e1 === e2) continue;
    const t1 = entities.typeOf(e1);
    const t2 = entities.typeOf(e2);
    if (!mayBePlace(t1) || !mayBePlace(t2)) continue;
    const start = entities.mentions[m1]?.first ?? i;
    const afterPlacePreposition = start - 1 >= first && PLACE_PREPOSITIONS.has(t.low(start - 1));
    if (t1 !== 'place' && t2 !== 'place' && !afterPlacePreposition) continue;
    entities.vote(e1, PLACE, 2);
    entities.vote(e2, PLACE, 2);
    ctx.qualifiers.add(m2);
    i = end2;
  }
}

const mayBePlace = (type: string): boolean => type === 'place' || type === 'other';

/** "Madrid, Alcobendas and Spain": a list of names, not a place and its region. */
function listGoesOn(ctx: ChunkContext, end: number, last: number): boolean {
  const { tokens: t, entities } = ctx;
  if (end + 2 > last) return false;
  const next = t.low(end + 1);
  return (next === ',' || next === 'and' || next === 'or') && entities.namedAt(end + 2) >= 0;
}
