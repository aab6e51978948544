/**
 * "Hypermarcas is a pharmaceutical company", "Bananaman was a TV series", "X, an architect,":
 * the class a name is said to belong to votes for its type.
 */
import type { ChunkContext } from './chunk-context';
import type { Unit } from './clause-units';
import { ORGANIZATION, PERSON, PLACE, WORK } from './entity-table';
import { ORG_WORDS, PLACE_WORDS, ROLE_NOUNS, WORK_NOUNS } from './word-lists';

export function voteClass(ctx: ChunkContext, entity: number, np: Unit): void {
  if (np.kind !== 'N' || np.head < 0) return;
  const noun = ctx.tokens.low(np.head);
  const entities = ctx.entities;
  if (ORG_WORDS.has(noun)) entities.vote(entity, ORGANIZATION, 3);
  else if (PLACE_WORDS.has(noun)) entities.vote(entity, PLACE, 3);
  else if (WORK_NOUNS.has(noun)) entities.vote(entity, WORK, 3);
  else if (ROLE_NOUNS.has(noun)) entities.vote(entity, PERSON, 3);
}
