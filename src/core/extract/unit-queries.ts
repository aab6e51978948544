/** Questions clause patterns ask about a unit: is it a name, a value, which entity? */
import type { ChunkContext } from './chunk-context';
import type { Unit } from './clause-units';

export function isNamedUnit(ctx: ChunkContext, u: Unit | undefined): boolean {
  if (u === undefined || u.kind !== 'E') return false;
  return ctx.entities.isNamedMention(u.mention) && ctx.entities.mentionEntity(u.mention) >= 0;
}

/** A named entity that can fill a slot in a clause (not a modifier of a following noun). */
export function isNamedArgument(ctx: ChunkContext, u: Unit | undefined): boolean {
  return u !== undefined && !u.modifier && isNamedUnit(ctx, u);
}

export function unitEntity(ctx: ChunkContext, u: Unit | undefined): number {
  return u === undefined ? -1 : ctx.entities.mentionEntity(u.mention);
}

/**
 * A date or amount that can be an attribute value. A bare number ("16", "30") only counts
 * where a noun says what it measures ("a population of 2 million"): `allowBare`.
 */
export function isValueUnit(ctx: ChunkContext, u: Unit, allowBare = false): boolean {
  const m = ctx.entities.mentions[u.mention];
  return u.kind === 'E' && !u.modifier && m !== undefined && m.kind === 'value' && (allowBare || m.entity >= 0);
}

export function unitText(ctx: ChunkContext, u: Unit): string {
  const t = ctx.tokens;
  const text = t.surface(u.first, u.last);
  // The tokenizer keeps a sentence's full stop on a code's last capital ("18L/36R."): it is no part of the value.
  return u.last > u.first && t.isDigitStart(u.last - 1) && /^[A-Z]{1,3}\.$/.test(t.value(u.last)) ? text.slice(0, -1) : text;
}

/** The region that qualifies a place argument ("Brazil" in "Sao Paulo, Brazil"), or -1. */
export function qualifierEntity(ctx: ChunkContext, u: Unit): number {
  if (u.kind !== 'E') return -1;
  const m = ctx.entities.mentionAt[u.last] ?? -1;
  return m >= 0 && m !== u.mention && ctx.qualifiers.has(m) ? ctx.entities.mentionEntity(m) : -1;
}
