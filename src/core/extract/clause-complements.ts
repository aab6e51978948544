/**
 * What follows a verb group: its direct objects (a list of them, each maybe
 * with an "of" tail), an adjective, then the prepositional phrases that
 * belong to the verb rather than to a noun.
 */
import type { ChunkContext } from './chunk-context';
import { isClassNoun, type Unit } from './clause-units';

export interface Complement {
  unit: number;
  /** For "a population of 2 million": the unit after "of" (-1 when none). */
  ofUnit: number;
}

export interface PrepPhrase extends Complement {
  prep: string;
}

export interface Complements {
  objects: Complement[];
  /** Index of an adjective phrase after the verb ("is long"), or -1. */
  adjective: number;
  preps: PrepPhrase[];
}

/** What follows the verb at units[k]: direct objects, then prepositional phrases. */
export function findComplements(ctx: ChunkContext, units: Unit[], k: number): Complements {
  const t = ctx.tokens;
  const objects: Complement[] = [];
  const preps: PrepPhrase[] = [];
  let adjective = -1;
  let j = k + 1;
  const first = units[j];
  if (first !== undefined && (first.kind === 'N' || (first.kind === 'E' && !first.modifier))) {
    j = pushComplement(ctx, units, j, objects);
    // "discovered polonium and radium", "founded Apple, Pixar and NeXT"
    for (;;) {
      let c = j;
      if (units[c]?.kind === 'C') c++;
      if (units[c]?.kind === 'J' && t.low(units[c]?.head ?? -1) === 'and') c++;
      if (c === j || units[c]?.kind !== first.kind) break;
      j = pushComplement(ctx, units, c, objects);
    }
  }
  if (units[j]?.kind === 'A') adjective = j++;
  while (units[j]?.kind === 'P') {
    const prep = t.low(units[j]?.head ?? -1);
    // "of"/"than" phrases qualify the noun or number before them, not the verb.
    if (prep === 'of' || prep === 'than') break;
    const target = units[j + 1];
    if (target === undefined || (target.kind !== 'E' && target.kind !== 'N')) break;
    const phrase: Complement[] = [];
    j = pushComplement(ctx, units, j + 1, phrase);
    // "located in Madrid, Paracuellos de Jarama and Alcobendas": a list of names after one preposition.
    if (target.kind === 'E' && !target.modifier) j = pushNameList(ctx, units, j, phrase);
    for (const p of phrase) preps.push({ unit: p.unit, ofUnit: p.ofUnit, prep });
    // After a common noun, the next phrase more likely describes that noun ("until his death in 1958").
    if (target.kind === 'N') break;
    // "… on April 1, 1976, in Cupertino": a comma between two such phrases does not end the clause.
    if (units[j]?.kind === 'C' && units[j + 1]?.kind === 'P' && target.kind === 'E') j++;
  }
  return { objects, adjective, preps };
}

/** Adds the complement at units[j] (with its "of" tail) to `into`; returns the unit after it. */
function pushComplement(ctx: ChunkContext, units: Unit[], j: number, into: Complement[]): number {
  const t = ctx.tokens;
  const u = units[j];
  // "the band Twilight", "the year 2000": a lone class noun names what follows it.
  const named = units[j + 1];
  if (u?.kind === 'N' && named?.kind === 'E' && named.first === u.last + 1 && u.first === u.head - (u.det === '' ? 0 : 1) && (isClassNoun(t.low(u.head)) || t.low(u.head) === 'year')) {
    into.push({ unit: j + 1, ofUnit: -1 });
    return j + 2;
  }
  // "the capital of France", "a population of 2 million", "a member of the youth side of FC Spartak Moscow"
  let of = j + 1;
  while (units[j]?.kind === 'N' && units[of]?.kind === 'P' && t.low(units[of]?.head ?? -1) === 'of' && units[of + 1]?.kind === 'N' && units[of + 2]?.kind === 'P') of += 2;
  if (units[j]?.kind === 'N' && units[of]?.kind === 'P' && t.low(units[of]?.head ?? -1) === 'of' && units[of + 1]?.kind === 'E') {
    into.push({ unit: j, ofUnit: of + 1 });
    return of + 2;
  }
  into.push({ unit: j, ofUnit: -1 });
  return j + 1;
}

/**
 * Names listed after the one at units[j - 1] (", B, C and D"); returns the unit after the list.
 * Only a list closed by "and"/"or": commas alone also chain the parts of an address.
 */
function pushNameList(ctx: ChunkContext, units: Unit[], j: number, into: Complement[]): number {
  const t = ctx.tokens;
  const found: Complement[] = [];
  let end = j;
  for (;;) {
    let c = end;
    if (units[c]?.kind === 'C') c++;
    const joined = units[c]?.kind === 'J' && (t.low(units[c]?.head ?? -1) === 'and' || t.low(units[c]?.head ?? -1) === 'or');
    if (joined) c++;
    const next = units[c];
    if (c === end || next === undefined || next.kind !== 'E' || next.modifier || !ctx.entities.isNamedMention(next.mention)) return j;
    // A name followed by a verb starts a new clause ("…, and Paris is …").
    if (units[c + 1]?.kind === 'V') return j;
    found.push({ unit: c, ofUnit: -1 });
    end = c + 1;
    if (joined) {
      into.push(...found);
      return end;
    }
  }
}
