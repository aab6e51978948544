/**
 * He/she resolution, only where the choice is clear: the one person named
 * earlier in the sentence, or the person the previous sentences were about.
 * "It" and "they" are never resolved; a wrong subject is worse than none.
 */
import type { ChunkContext } from './chunk-context';
import type { Unit } from './clause-units';
import { isNamedUnit, unitEntity } from './unit-queries';

// A bounded look-back keeps run-on "sentences" (tables, lists) linear.
const PRONOUN_LOOKBACK_UNITS = 40;

/** The named entity a sentence opens with (its likely subject), or -1. */
export function firstNamedIn(ctx: ChunkContext, first: number, last: number): number {
  const t = ctx.tokens;
  let i = first;
  while (i <= last && (t.tag(i) === 'PUNCT' || t.tag(i) === 'DET')) i++;
  return ctx.entities.namedAt(i);
}

/**
 * Who a "he"/"she" in the next sentence may mean: this sentence's first person; else the
 * previous candidate if this sentence names nobody or itself continues with he/she.
 */
export function lastPersonIn(ctx: ChunkContext, first: number, last: number, fallback: number): number {
  const entities = ctx.entities;
  let named = false;
  let person = -1;
  for (let i = first; i <= last; i++) {
    const m = entities.mentionAt[i] ?? -1;
    if (m < 0 || !entities.isNamedMention(m)) continue;
    named = true;
    const e = entities.mentionEntity(m);
    if (entities.typeOf(e) !== 'person' || e === person) continue;
    // Two people in one sentence: a later "he" is anyone's guess.
    if (person >= 0) return -1;
    person = e;
  }
  if (person >= 0) return person;
  const opener = ctx.tokens.low(first);
  return !named || opener === 'he' || opener === 'she' ? fallback : -1;
}

/** The person a "he"/"she" at units[j] stands for, or -1 when that is not clear. */
export function personBefore(ctx: ChunkContext, units: Unit[], j: number, lastPerson: number): number {
  let person = -1;
  let persons = 0;
  let untyped = -1;
  let untypedCount = 0;
  for (let t = j - 1; t >= 0 && t >= j - PRONOUN_LOOKBACK_UNITS; t--) {
    const u = units[t];
    if (!isNamedUnit(ctx, u)) continue;
    const e = unitEntity(ctx, u);
    const type = ctx.entities.typeOf(e);
    if (type === 'person' && e !== person) {
      person = e;
      persons++;
    } else if (type === 'other' && e !== untyped) {
      untyped = e;
      untypedCount++;
    }
  }
  if (persons === 1) return person;
  if (persons > 1) return -1;
  // An untyped name in the same sentence is more likely the "he" than someone from earlier.
  if (untypedCount === 1) return untyped;
  return untypedCount === 0 ? lastPerson : -1;
}
