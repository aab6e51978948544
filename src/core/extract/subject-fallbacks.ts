/**
 * Subjects the plain left-walk of clause-subject.ts does not see: a possessor ("Alan Shepard's
 * birth place was …", "its runway length is …"), a pronoun that carries the previous sentence's
 * subject ("It was broadcast by …"), a reduced relative clause ("the BBC based at Broadcasting
 * House", "X, operated by ENAIRE, is …") and a name glued to its class noun ("The Trane company is …").
 */
import type { Unit } from './clause-units';
import type { SentenceScope } from './sentence-scope';
import type { Subject } from './clause-subject';
import { isNamedArgument, isNamedUnit, isValueUnit, unitEntity } from './unit-queries';
import { ORG_WORDS, PLACE_WORDS, WORK_NOUNS } from './word-lists';

const one = (entity: number, pronoun: boolean): Subject => ({ entities: [entity], pronoun, ofNoun: null, ofEntity: -1 });

/** "X's N is …", "its N is …", "his N is …": N of the possessor, which only a copula turns into a fact. */
export function possessorSubject(scope: SentenceScope, k: number): Subject | null {
  const { ctx, units } = scope;
  const t = ctx.tokens;
  const noun = units[k - 1];
  if (noun === undefined || noun.kind !== 'N') return null;
  const mark = units[k - 2];
  if (mark?.kind === 'X' && t.isPossessiveMark(mark.first)) {
    const before = units[k - 4];
    if (before !== undefined && before.kind !== 'C' && before.kind !== 'J') return null;
    const owner = isNamedUnit(ctx, units[k - 3]) ? unitEntity(ctx, units[k - 3]) : referent(scope, units[k - 3]);
    return owner < 0 ? null : { entities: [], pronoun: owner !== unitEntity(ctx, units[k - 3]), ofNoun: noun, ofEntity: owner, possessor: true };
  }
  if (noun.det === 'whose') {
    // "the Alan B. Miller Hall, whose current tenants are …": the name the relative clause follows.
    const antecedent = units[k - 2]?.kind === 'C' ? units[k - 3] : units[k - 2];
    return isNamedArgument(ctx, antecedent) ? { entities: [], pronoun: false, ofNoun: noun, ofEntity: unitEntity(ctx, antecedent), possessor: true } : null;
  }
  const opens = k - 1 === 0 || units[k - 2]?.kind === 'C' || units[k - 2]?.kind === 'J';
  if (!opens) return null;
  const owner = possessiveOwner(scope, noun.det);
  return owner < 0 ? null : { entities: [], pronoun: true, ofNoun: noun, ofEntity: owner, possessor: true };
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
    const type = owner < 0 ? 'person' : ctx.entities.typeOf(owner);
    return type === 'person' || (det === 'their' && type === 'place') ? -1 : owner;
  }
  return -1;
}

/** "It …"/"They …" opening a sentence: the subject of the sentence before, when that was no person. */
export function topicPronoun(scope: SentenceScope, j: number): Subject | null {
  const { ctx, units } = scope;
  const opensClause = j === 0 || units[j - 1]?.kind === 'C' || units[j - 1]?.kind === 'J';
  if (!opensClause) return null;
  const owner = scope.lastSubject?.entities[0] ?? scope.topic;
  if (owner < 0) return null;
  const type = ctx.entities.typeOf(owner);
  // "They" stands for a team, a company or a people, not for a place or a person.
  const they = ctx.tokens.low(units[j]?.head ?? -1) === 'they';
  if (type === 'person' || (they && type === 'place')) return null;
  return one(owner, true);
}

/** Past participle with no auxiliary, followed by a preposition: "based at", "operated by", "found in". */
export function isBareParticiple(scope: SentenceScope, verb: Unit, k: number): boolean {
  const t = scope.ctx.tokens;
  if (t.tag(verb.first) !== 'VERB' || verb.first !== verb.last) return false;
  const word = t.low(verb.head);
  if (!(word.endsWith('ed') || IRREGULAR_PARTICIPLES.has(word))) return false;
  const next = scope.units[k + 1];
  // "… based at", or a date straight after ("X, born 1989-02-24, …").
  return next?.kind === 'P' || (next !== undefined && isValueUnit(scope.ctx, next) && scope.ctx.entities.typeOf(unitEntity(scope.ctx, next)) === 'date');
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
  // Another verb before or after: this one is not the clause's own ("broadcast by the BBC based at …");
  // but with none before, "The capital of Poland moved to …" has its main verb here.
  // The earlier verb must be a finite one: in "X born in Y served as …" "served" is the main verb.
  const t = ctx.tokens;
  const verbBefore = units.slice(0, k).some((u) => u.kind === 'V' && (u.copula || t.tag(u.first) === 'AUX'));
  const verbAfter = units.slice(k + 1).some((u) => u.kind === 'V');
  // After a comma, an aside before the main verb ("X, operated by Y, is …"); with no verb after it,
  // the participle is the sentence's own next verb ("…, died in California.").
  if (comma && !verbAfter) return null;
  // "Bananaman, the TV series, last aired on …": the comma closes an apposition, and the verb after it is the main one.
  if (comma && units[j - 1]?.kind === 'C' && (units[j]?.kind === 'E' || units[j]?.kind === 'N') && !asideCloses(units, k)) return null;
  if (!comma && !verbBefore && (!verbAfter || units[j - 1]?.kind === 'P')) return null;
  const u = units[j];
  if (isNamedArgument(ctx, u)) return one(unitEntity(ctx, u), false);
  // "… is a food found in Mexico": the copula's subject.
  if (u?.kind === 'N' && units[j - 1]?.kind === 'V' && units[j - 1]?.copula && scope.lastSubject !== null) return scope.lastSubject;
  // "Bionico, a food found in Mexico, …": the name the apposition describes.
  if (u?.kind === 'N' && u.det !== '' && units[j - 1]?.kind === 'C' && isNamedArgument(ctx, units[j - 2])) return one(unitEntity(ctx, units[j - 2]), false);
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

/**
 * What "the airport", "the monument", "the club" opening a clause refers to: the last name before
 * it that ends with that noun ("… Madrid–Barajas Airport"), else the previous sentence's subject
 * when the noun is a class noun that suits it. -1 when neither.
 */
export function referent(scope: SentenceScope, noun: Unit | undefined): number {
  const { ctx } = scope;
  const { tokens: t, entities } = ctx;
  const det = noun?.det ?? '';
  if (noun === undefined || noun.kind !== 'N' || (det !== 'the' && det !== 'this' && det !== 'that') || noun.head !== noun.last || noun.last - noun.first > 1) return -1;
  const word = t.low(noun.head);
  for (let m = entities.mentions.length - 1; m >= 0; m--) {
    const mention = entities.mentions[m];
    if (mention === undefined || mention.kind !== 'named' || mention.last >= noun.first) continue;
    if (t.low(mention.last) === word) return entities.mentionEntity(m);
  }
  const topic = scope.lastSubject?.entities[0] ?? scope.topic;
  if (topic < 0) return -1;
  // Only a topic of the noun's own type: "the company" after a sentence about a person is someone else.
  const type = entities.typeOf(topic);
  if (ORG_WORDS.has(word)) return type === 'organization' ? topic : -1;
  if (PLACE_WORDS.has(word)) return type === 'place' ? topic : -1;
  if (WORK_NOUNS.has(word)) return type === 'work' ? topic : -1;
  return -1;
}

/** "The monument is …", "The club has …": a definite class noun standing for a name said before. */
export function definiteSubject(scope: SentenceScope, k: number): Subject | null {
  const { units } = scope;
  const noun = units[k - 1];
  // "The address of the hall is …": a noun of the name the class noun stands for.
  if (units[k - 2]?.kind === 'P' && scope.ctx.tokens.low(units[k - 2]?.head ?? -1) === 'of' && units[k - 3]?.kind === 'N') {
    const owner = referent(scope, noun);
    const opens = k - 4 < 0 || units[k - 4]?.kind === 'C' || units[k - 4]?.kind === 'J';
    return owner >= 0 && opens ? { entities: [], pronoun: true, ofNoun: units[k - 3] ?? null, ofEntity: owner } : null;
  }
  const before = units[k - 2];
  if (before !== undefined && before.kind !== 'C' && before.kind !== 'J') return null;
  const e = referent(scope, noun);
  if (e >= 0) return one(e, true);
  // "The current tenants are the Mason School of Business": a role of what the sentences are about.
  const verb = units[k];
  const complement = units[k + 1];
  const owner = scope.lastSubject?.entities[0] ?? scope.topic;
  if (noun?.kind !== 'N' || noun.det !== 'the' || verb?.copula !== true || owner < 0 || !isNamedArgument(scope.ctx, complement)) return null;
  return { entities: [], pronoun: true, ofNoun: noun, ofEntity: owner };
}

/** "Aleksandr Prudnikov (born 1989-02-24) plays …", "Hypermarcas (located in Sao Paulo)": a clause in brackets after a name describes it. */
export function bracketSubject(scope: SentenceScope, k: number): Subject | null {
  const { ctx, units } = scope;
  const open = units[k - 1];
  if (open?.kind !== 'X' || ctx.tokens.value(open.first) !== '(') return null;
  const name = units[k - 2];
  return isNamedArgument(ctx, name) ? one(unitEntity(ctx, name), false) : null;
}

/** Whether a comma comes between the participle at units[k] and the next verb group. */
function asideCloses(units: readonly Unit[], k: number): boolean {
  for (let j = k + 1; j < units.length; j++) {
    const kind = units[j]?.kind;
    if (kind === 'C') return true;
    if (kind === 'V') return false;
  }
  return false;
}
