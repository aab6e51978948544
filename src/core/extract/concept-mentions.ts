/**
 * Concepts: the common-noun objects of verbs ("discovered polonium") become
 * entities too, found lazily while facts are read because only objects matter.
 */
import type { ChunkContext } from './chunk-context';
import type { Unit } from './clause-units';
import { cachedKey } from './entity-table';
import { mayBePlural, singularOf } from './plural-nouns';

// Longer noun compounds are descriptions, not names of a concept.
const MAX_CONCEPT_WORDS = 3;

/** The noun compound at the end of a phrase as a concept entity ("radioactive elements" → "elements"), or -1. */
export function conceptFor(ctx: ChunkContext, u: Unit): number {
  const { tokens: t, entities } = ctx;
  if (u.head < 0 || t.tag(u.head) !== 'NOUN') return -1;
  let a = u.head;
  while (a - 1 >= u.first && u.head - (a - 1) < MAX_CONCEPT_WORDS && t.tag(a - 1) === 'NOUN') a--;
  // "two-volume version": the part glued on by a hyphen belongs to the modifier, not the concept.
  if (a > u.first && a < u.head && t.isTightHyphen(a - 1, u.last)) a++;
  const existing = entities.mentionAt[a] ?? -1;
  if (existing >= 0) return entities.mentionEntity(existing);
  const surface = t.surface(a, u.head);
  const c = entities.draftFor(surface, 'concept', 'concept', conceptKey(ctx, surface, u.head));
  if (c >= 0) entities.addMention(a, u.head, 'concept', c);
  return c;
}

/** "steam engines" and "steam engine" are one concept: the key takes the head noun's singular. */
function conceptKey(ctx: ChunkContext, surface: string, head: number): string {
  const key = cachedKey(surface);
  const word = ctx.tokens.low(head);
  // The lemma is computed per token and costs more than the cheap test, so only likely plurals pay for it.
  if (!mayBePlural(word) || !key.endsWith(word)) return key;
  const singular = singularOf(word, ctx.tokens.lemma(head));
  return singular === null ? key : key.slice(0, key.length - word.length) + singular;
}
