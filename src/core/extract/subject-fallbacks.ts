/**
 * Subjects the plain left-walk of clause-subject.ts does not see: a possessor ("Alan Shepard's
 * birth place was …", "its runway length is …"), a pronoun that carries the previous sentence's
 * subject ("It was broadcast by …"), a reduced relative clause ("the BBC based at Broadcasting
 * House", "X, operated by ENAIRE, is …") and a name glued to its class noun ("The Trane company is …").
 */
import type { Unit } from './clause-units';
import type { SentenceScope } from './sentence-scope';
import type { Subject } from './clause-subject';
import { isNamedArgument, isNamedUnit, unitEntity } from './unit-queries';

const one = (entity: number, pronoun: boolean): Subject => ({ entities: [entity], pronoun, ofNoun: null, ofEntity: -1 });

/** "X's N is …", "its N is …", "his N is …": N of the possessor, which only a copula turns into a fact. */
export function possessorSubject(scope: SentenceScope, k: number): Subject | null {
  const { ctx, units } = scope;
  const t = ctx.tokens;
  const noun = units[k - 1];
  if (noun === undefined || noun.kind !== 'N') return null;
  const mark = units[k - 2];
  if (mark?.kind === 'X' && t.isPossessiveMark(mark.first) && isNamedUnit(ctx, units[k - 3])) {
    const before = units[k - 4];
    if (before === undefined || before.kind === 'C' || before.kind === 'J') return { entities: [], pronoun: false, ofNoun: noun, ofEntity: unitEntity(ctx, units[k - 3]) };
    return null;
  }
  const opens = k - 1 === 0 || units[k - 2]?.kind === 'C' || units[k - 2]?.kind === 'J';
  if (!opens) return null;
  const owner = possessiveOwner(scope, noun.det);
  return owner < 0 ? null : { entities: [], pronoun: true, ofNoun: noun, ofEntity: owner };
}

function possessiveOwner(scope: SentenceScope, det: string): number {
  const { ctx } = scope;
  const current = scope.lastSubject?.entities[0] ?? -1;
  if (det === 'his' || det === 'her') {
    if (current >= 0 && ctx.entities.typeOf(current) === 'person') return current;
    if (scope.lastPerson >= 0) return scope.lastPerson;
    return scope.topic >= 0 && ctx.entities.typeOf(scope.topic) === 'person' ? scope.topic : -1;
  }
  if (det === 'its' || det === 'their') {
    const owner = current >= 0 ? current : scope.topic;
    return owner >= 0 && ctx.entities.typeOf(owner) !== 'person' ? owner : -1;
  }
  return -1;
}

/** "It …"/"They …" opening a sentence: the subject of the sentence before, when that was no person. */
export function topicPronoun(scope: SentenceScope, j: number): Subject | null {
  const { ctx, units } = scope;
  const opensClause = j === 0 || units[j - 1]?.kind === 'C' || units[j - 1]?.kind === 'J';
  if (!opensClause) return null;
  const owner = scope.lastSubject?.entities[0] ?? scope.topic;
  if (owner < 0 || ctx.entities.typeOf(owner) === 'person') return null;
  return one(owner, true);
}

/** Past participle with no auxiliary, followed by a preposition: "based at", "operated by", "found in". */
export function isBareParticiple(scope: SentenceScope, verb: Unit, k: number): boolean {
  const t = scope.ctx.tokens;
  if (t.tag(verb.first) !== 'VERB' || verb.first !== verb.last) return false;
  const word = t.low(verb.head);
  if (!(word.endsWith('ed') || IRREGULAR_PARTICIPLES.has(word))) return false;
  return scope.units[k + 1]?.kind === 'P';
}

const IRREGULAR_PARTICIPLES = new Set(['born', 'known', 'found', 'built', 'made', 'held', 'led', 'run', 'shown', 'written', 'given', 'taken', 'seen', 'sold', 'won', 'set', 'put', 'laid', 'kept', 'named', 'called']);

/**
 * A reduced relative clause: the participle describes the name right before it ("the BBC based at
 * Broadcasting House", "X, operated by ENAIRE, …"), or the subject of a copula whose complement it
 * follows ("Bionico is a food found in Mexico"). Only where another verb follows or a comma opens
 * it, so "The capital of Poland moved to Warsaw." keeps its main verb.
 */
export function participleSubject(scope: SentenceScope, k: number): Subject | null {
  const { ctx, units } = scope;
  const verb = units[k];
  if (verb === undefined || !isBareParticiple(scope, verb, k)) return null;
  let j = k - 1;
  const comma = units[j]?.kind === 'C';
  if (comma) j--;
  const laterVerb = units.slice(k + 1).some((u) => u.kind === 'V');
  if (!comma && !laterVerb) return null;
  const u = units[j];
  if (isNamedArgument(ctx, u)) return one(unitEntity(ctx, u), false);
  // "… is a food found in Mexico": the copula's subject.
  if (u?.kind === 'N' && units[j - 1]?.kind === 'V' && units[j - 1]?.copula && scope.lastSubject !== null) return scope.lastSubject;
  return null;
}

/** "The Trane company is …": the name qualifies the class noun right after it. */
export function gluedNameSubject(scope: SentenceScope, k: number): Subject | null {
  const { ctx, units } = scope;
  const noun = units[k - 1];
  const name = units[k - 2];
  if (noun?.kind !== 'N' || name === undefined || !name.modifier || !isNamedUnit(ctx, name)) return null;
  if (noun.first !== name.last + 1 || noun.first !== noun.head) return null;
  const before = units[k - 3];
  if (before !== undefined && before.kind !== 'C' && before.kind !== 'J') return null;
  return one(unitEntity(ctx, name), false);
}
