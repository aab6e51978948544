/**
 * "Thomas Davis … Davis compiled": a lone surname joins the one full name in
 * the chunk that ends with it. Left alone when two people share the surname,
 * and when the lone word was typed as a place or an organization.
 */
import type { ChunkContext } from './chunk-context';
import { PERSON } from './entity-table';

export function mergeSurnames(ctx: ChunkContext): void {
  const entities = ctx.entities;
  const drafts = entities.drafts;
  const fullBySurname = new Map<string, number>();
  for (let e = 0; e < drafts.length; e++) {
    const d = drafts[e];
    if (d === undefined || d.parent !== e || d.kind !== 'named' || entities.typeOf(e) !== 'person') continue;
    const space = d.key.lastIndexOf(' ');
    if (space < 0) continue;
    const surname = d.key.slice(space + 1);
    // -1 marks a surname two people share.
    fullBySurname.set(surname, fullBySurname.has(surname) ? -1 : e);
  }
  // "Abraham A. Ribicoff … his wife Casey Ribicoff": a full name sharing a person's surname is a person too.
  for (let e = 0; e < drafts.length; e++) {
    const d = drafts[e];
    if (d === undefined || d.parent !== e || d.kind !== 'named' || entities.typeOf(e) !== 'other') continue;
    const space = d.key.lastIndexOf(' ');
    if (space > 0 && fullBySurname.has(d.key.slice(space + 1))) entities.vote(e, PERSON, 2);
  }
  for (const [surname, full] of fullBySurname) {
    const lone = entities.byKeyOf(surname);
    if (full < 0 || lone === undefined || entities.canon(lone) === full) continue;
    const d = drafts[entities.canon(lone)];
    if (d !== undefined && d.kind === 'named' && entities.typeOf(lone) !== 'place' && entities.typeOf(lone) !== 'organization') {
      entities.merge(lone, full);
    }
  }
}
