/**
 * "International Business Machines (IBM)": an acronym in brackets right after
 * a name it abbreviates becomes another mention of the same entity, and an
 * 'also known as' fact.
 */
import type { ChunkContext } from './chunk-context';
import { CONF_ALIAS } from './confidence';
import { abbreviates, isAcronym } from './value-patterns';

/** The predicate of a fact that names the same thing twice ("X (ACRONYM)", "X, also known as Y"). */
export const ALIAS_PREDICATE = 'also known as';

/** Looks for "(ACRONYM)" right after the name at tokens a..b of the sentence first..last. */
export function findAlias(ctx: ChunkContext, entity: number, a: number, b: number, first: number, last: number): void {
  const t = ctx.tokens;
  const open = b + 1;
  const acr = b + 2;
  const close = b + 3;
  if (close > last || t.value(open) !== '(' || t.value(close) !== ')') return;
  const alias = t.value(acr);
  if (!isAcronym(alias) || a === b || !abbreviates(alias, t.surface(a, b))) return;
  ctx.entities.addAlias(alias, entity);
  ctx.entities.addMention(acr, acr, 'named', entity);
  // The bracketed alias is not part of the sentence's grammar.
  ctx.hidden[open] = ctx.hidden[acr] = ctx.hidden[close] = 1;
  ctx.facts.add(entity, ALIAS_PREDICATE, 'attribute', -1, alias, CONF_ALIAS, { start: t.start(first), end: t.end(last) });
}
