/**
 * Who is doing the verb: walks left from a verb group over relative pronouns,
 * appositions and lists of names, and refuses whenever the entity found might
 * belong to something else (a preposition, an earlier verb, a possessive).
 */
import type { ChunkContext } from './chunk-context';
import type { Unit } from './clause-units';
import { CONF_COPULA_OF, CONF_PREP } from './confidence';
import { phraseWords } from './predicate-words';
import { personBefore } from './pronouns';
import { emit } from './sentence-scope';
import type { SentenceScope } from './sentence-scope';
import { bracketSubject, definiteSubject, gluedNameSubject, isBareParticiple, participleSubject, possessorSubject, topicPronoun } from './subject-fallbacks';
import { isNamedArgument, isNamedUnit, qualifierEntity, unitEntity } from './unit-queries';

export interface Subject {
  entities: number[];
  /** The subject is a resolved he/she, which is less certain. */
  pronoun: boolean;
  /** "The capital of Poland is …": the noun phrase and the entity after "of". */
  ofNoun: Unit | null;
  ofEntity: number;
  /** The verb is a participle of a reduced relative clause, passive whatever its form ("… based at X"). */
  passive?: boolean;
  /** `ofEntity` owns `ofNoun` ("X's runway name", "its length"), so a verb after "and" is about it too. */
  possessor?: boolean;
}

export const NO_SUBJECT: Subject = { entities: [], pronoun: false, ofNoun: null, ofEntity: -1 };

/** The subject of the verb at units[k]. */
export function findSubject(scope: SentenceScope, k: number): Subject {
  const { ctx, units } = scope;
  const t = ctx.tokens;
  const entities = ctx.entities;
  let j = k - 1;
  // "Mexico (inhabited by Mexicans) is led by …": the bracket is an aside.
  if (units[j]?.kind === 'X' && t.value(units[j]?.first ?? -1) === ')') {
    let open = j - 1;
    while (open >= 0 && !(units[open]?.kind === 'X' && t.value(units[open]?.first ?? -1) === '(')) open--;
    if (open >= 1 && units[open - 1]?.kind === 'E') j = open - 1;
  }
  let u = units[j];
  if (u === undefined) return NO_SUBJECT;
  const participle = participleSubject(scope, k);
  if (participle !== null) return { ...participle, passive: true };
  const bracketed = bracketSubject(scope, k);
  if (bracketed !== null) return { ...bracketed, passive: isBareParticiple(scope, units[k] ?? u, k) };
  let relative = false;
  if (u.kind === 'R') {
    const l = t.low(u.head);
    if (l === 'he' || l === 'she') {
      const person = personBefore(ctx, units, j, scope.lastPerson);
      if (person >= 0) return { entities: [person], pronoun: true, ofNoun: null, ofEntity: -1 };
      const topic = scope.topic;
      return topic >= 0 && entities.typeOf(topic) === 'person' ? { entities: [topic], pronoun: true, ofNoun: null, ofEntity: -1 } : NO_SUBJECT;
    }
    if (l === 'it' || l === 'they') return topicPronoun(scope, j) ?? NO_SUBJECT;
    // "Kurt Coleman, who led …" — the antecedent, through an apposition if there is one.
    relative = true;
    j--;
    if (units[j]?.kind === 'C') j--;
    // "X (which has 17000 members)"
    if (units[j]?.kind === 'X' && t.value(units[j]?.first ?? -1) === '(') j--;
    if (units[j]?.kind === 'N' && units[j - 1]?.kind === 'C' && isNamedArgument(ctx, units[j - 2])) j -= 2;
    // "which" never stands for a person: after one, it points further back, to something unsaid here.
    const antecedent = units[j];
    const antecedentType = antecedent?.kind === 'E' ? entities.typeOf(entities.mentionEntity(antecedent.mention)) : '';
    if (l === 'which' && antecedentType === 'person') return NO_SUBJECT;
    // Nor does "who" stand for a place: "a singer from Boston, who started …" is still about the singer.
    if (l === 'who' && antecedentType === 'place') return personSubject(scope);
    // "X is a singer in the band, who …", "a singer from Dundee, who …": "who" passes over what the complement is in or from.
    if (l === 'who' && antecedent?.kind !== 'R' && units[j - 1]?.kind === 'P' && units[j - 2]?.kind === 'N' && units[j - 3]?.copula) {
      return personSubject(scope);
    }
    // "X was an American who …": the copula's complement is its subject again.
    if ((antecedent?.kind === 'N' || antecedent?.kind === 'A') && units[j - 1]?.kind === 'V' && units[j - 1]?.copula && scope.lastSubject !== null) {
      return scope.lastSubject;
    }
  } else if (u.kind === 'C') {
    // "Warsaw, the capital of Poland, is …": jump back over an apposition.
    // A gerund after a comma ("…, reaching France") has no subject we can trust.
    const verb = units[k];
    if (verb === undefined || (t.tag(verb.first) !== 'AUX' && t.low(verb.head).endsWith('ing'))) return NO_SUBJECT;
    // "chopped fruits, condensed milk": in a list, a participle before a bare noun is an adjective.
    const next = units[k + 1];
    if (t.tag(verb.first) === 'VERB' && next?.kind === 'N' && next.det === '') return NO_SUBJECT;
    const p = appositionStart(ctx, units, j);
    if (p < 1) return openingPlacedSubject(scope, j) ?? NO_SUBJECT;
    const named = possessedApposition(scope, p, j);
    if (named !== null) return named;
    asidePlace(scope, p, j);
    j = p - 1;
  }
  u = units[j];
  if (u === undefined || u.kind !== 'E') {
    if (relative || j !== k - 1) return NO_SUBJECT;
    return possessorSubject(scope, k) ?? gluedNameSubject(scope, k) ?? definiteSubject(scope, k) ?? NO_SUBJECT;
  }
  if (!isNamedUnit(ctx, u)) return NO_SUBJECT;
  const subjects = [entities.mentionEntity(u.mention)];
  // "Jobs, Wozniak and Wayne founded …"
  let head = j;
  let c = j - 1;
  if (units[c]?.kind === 'J' && t.low(units[c]?.head ?? -1) === 'and') {
    c--;
    if (units[c]?.kind === 'C') c--;
    while (isNamedUnit(ctx, units[c])) {
      subjects.push(entities.mentionEntity(units[c]?.mention ?? -1));
      head = c;
      if (units[c - 1]?.kind !== 'C') break;
      c -= 2;
    }
  }
  if (relative) return isNamedArgument(ctx, u) ? { entities: subjects, pronoun: false, ofNoun: null, ofEntity: -1 } : NO_SUBJECT;

  // What stands before the subject says whether it really is one.
  // Adjectives glued to the name ("central Europe") are looked past.
  // So are bare job titles before it ("a penalty on cornerback Josh Norman gave …").
  let b = head - 1;
  while (units[b]?.kind === 'A' || isBareTitle(units[b], units[b + 1])) b--;
  const before = units[b];
  if (before !== undefined) {
    // An entity after a preposition is not the subject ("The capital of Poland is …").
    if (before.kind === 'P') {
      const noun = units[b - 1];
      const prep = t.low(before.head);
      // "The currency in Mexico is …" says of Mexico what "of" would.
      if (head === j && b === j - 1 && (prep === 'of' || prep === 'for' || prep === 'in') && noun?.kind === 'N') {
        return { entities: [], pronoun: false, ofNoun: noun, ofEntity: entities.mentionEntity(u.mention) };
      }
      return placedSubject(scope, b, u) ?? NO_SUBJECT;
    }
    // "… what is now Newcastle was …": the name completes the earlier verb.
    if (before.kind === 'V') return NO_SUBJECT;
    // "Hadrian's Wall was …": the possessor phrase is too loose to pin a fact on.
    if (before.kind === 'X' && t.isPossessiveMark(before.first)) return NO_SUBJECT;
  }
  if (!isNamedArgument(ctx, u)) return NO_SUBJECT;
  return { entities: subjects, pronoun: false, ofNoun: null, ofEntity: -1 };
}

/**
 * "Trane's founder, John Smith, was born …": the name between the commas is what the possessed noun
 * names, so it is the subject, and it stands in that relation to the owner.
 */
function possessedApposition(scope: SentenceScope, open: number, close: number): Subject | null {
  const { ctx, units } = scope;
  const name = units[open + 1];
  const noun = units[open - 1];
  const mark = units[open - 2];
  const owner = units[open - 3];
  const before = units[open - 4];
  if (open + 2 !== close || !isNamedArgument(ctx, name) || noun?.kind !== 'N' || noun.det !== '') return null;
  if (mark?.kind !== 'X' || !ctx.tokens.isPossessiveMark(mark.first) || !isNamedUnit(ctx, owner)) return null;
  if (before !== undefined && before.kind !== 'C' && before.kind !== 'J') return null;
  const s = unitEntity(ctx, name);
  emit(scope, s, `is ${phraseWords(ctx.tokens, noun)} of`, 'relationship', unitEntity(ctx, owner), null, CONF_COPULA_OF);
  return { entities: [s], pronoun: false, ofNoun: null, ofEntity: -1 };
}

/** The last clause's subject, when it is a single person: whom a "who" skipping a nearer noun means. */
function personSubject(scope: SentenceScope): Subject {
  const last = scope.lastSubject;
  const only = last?.entities.length === 1 ? (last.entities[0] ?? -1) : -1;
  return last !== null && only >= 0 && scope.ctx.entities.typeOf(only) === 'person' ? last : NO_SUBJECT;
}

/** A determiner-less noun phrase right before the next unit: "cornerback" in "cornerback Josh Norman". */
function isBareTitle(u: Unit | undefined, next: Unit | undefined): boolean {
  return u !== undefined && next !== undefined && u.kind === 'N' && u.det === '' && u.last === next.first - 1;
}

/** Index of the comma opening an apposition that ends at the comma units[close], or -1. */
function appositionStart(ctx: ChunkContext, units: Unit[], close: number): number {
  const t = ctx.tokens;
  // "The Greens, who won their first seats in 2014, are …": a relative clause between commas.
  for (let p = close - 1; p >= 1 && units[p]?.kind !== 'C'; p--) {
    const l = t.low(units[p]?.head ?? -1);
    if (units[p]?.kind === 'R' && units[p - 1]?.kind === 'C' && (l === 'who' || l === 'which')) return p - 1;
  }
  let c = close - 1;
  // [N|E] (P [N|E])* — a noun phrase with its prepositional tail, nothing clause-like.
  for (;;) {
    const u = units[c];
    if (u === undefined || (u.kind !== 'N' && u.kind !== 'E')) return -1;
    if (units[c - 1]?.kind === 'P') {
      // "X, in Virginia, USA, was …": an aside that opens with its preposition.
      if (units[c - 2]?.kind === 'C') return c - 2;
      c -= 2;
      continue;
    }
    break;
  }
  return units[c - 1]?.kind === 'C' ? c - 1 : -1;
}

/**
 * "The Baku Turkish Martyrs' Memorial in Azerbaijan was designed by …": a name opening the clause,
 * placed by "in"/"at" another, is the subject; where it is placed is a fact of its own.
 */
function placedSubject(scope: SentenceScope, p: number, placeUnit: Unit): Subject | null {
  const { ctx, units } = scope;
  const prep = ctx.tokens.low(units[p]?.head ?? -1);
  const subject = units[p - 1];
  if ((prep !== 'in' && prep !== 'at') || !isNamedArgument(ctx, subject) || !isNamedArgument(ctx, placeUnit)) return null;
  const before = units[p - 2];
  if (before !== undefined && before.kind !== 'C' && before.kind !== 'J') return null;
  const s = ctx.entities.mentionEntity(subject?.mention ?? -1);
  emit(scope, s, `located ${prep}`, 'relationship', ctx.entities.mentionEntity(placeUnit.mention), null, CONF_PREP);
  return { entities: [s], pronoun: false, ofNoun: null, ofEntity: -1 };
}

/** "Adolfo Suarez Madrid-Barajas Airport in Alcobendas, Spain, is operated by …": the name opening the sentence, placed before a comma. */
function openingPlacedSubject(scope: SentenceScope, comma: number): Subject | null {
  const { units } = scope;
  if (comma !== 3 || units[1]?.kind !== 'P') return null;
  return placedSubject(scope, 1, units[2] ?? units[1]);
}

/** "X, in Virginia, USA, was …": the aside places X. */
function asidePlace(scope: SentenceScope, open: number, close: number): void {
  const { ctx, units } = scope;
  const p = units[open + 1];
  const place = units[open + 2];
  const subject = units[open - 1];
  if (p?.kind !== 'P' || open + 3 !== close || !isNamedArgument(ctx, subject) || !isNamedArgument(ctx, place)) return;
  const prep = ctx.tokens.low(p.head);
  if (prep !== 'in' && prep !== 'at') return;
  const s = ctx.entities.mentionEntity(subject?.mention ?? -1);
  emit(scope, s, `located ${prep}`, 'relationship', ctx.entities.mentionEntity(place?.mention ?? -1), null, CONF_PREP);
  const region = place === undefined ? -1 : qualifierEntity(ctx, place);
  if (region >= 0) emit(scope, s, `located ${prep}`, 'relationship', region, null, CONF_PREP);
}
