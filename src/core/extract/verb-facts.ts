/**
 * Facts from a clause with a full verb: "Jobs founded Apple" (active), "Apple
 * was founded by Jobs" (passive, stated the same way round), "England declared
 * war on France" (verb and noun together as the predicate).
 */
import type { Complement, Complements } from './clause-complements';
import type { Unit } from './clause-units';
import { conceptFor } from './concept-mentions';
import { CONF_ACTIVE, CONF_CONCEPT, CONF_MEASURE, CONF_PASSIVE_AGENT, CONF_PREP } from './confidence';
import { ORGANIZATION, PERSON } from './entity-table';
import { nounWords, phraseWords, verbPredicate } from './predicate-words';
import { prepositionalFacts } from './prepositional-facts';
import { emit } from './sentence-scope';
import type { SentenceScope } from './sentence-scope';
import { isNamedArgument, isValueUnit, unitEntity, unitText } from './unit-queries';
import { DITRANSITIVE_VERBS, FOUNDING_VERBS, PERSON_VERBS } from './word-lists';

/** Facts of the (non-copula) verb group `verb` with the given subjects and complements. */
export function verbFacts(scope: SentenceScope, verb: Unit, subjects: number[], complements: Complements): void {
  const { ctx, units } = scope;
  const { objects, preps } = complements;
  const t = ctx.tokens;
  const pred = verbPredicate(t, verb.head);
  const founding = FOUNDING_VERBS.has(t.lemma(verb.head));
  const agents: number[] = [];
  if (verb.passive) {
    for (const p of preps) {
      if (p.prep === 'by' && isNamedArgument(ctx, units[p.unit])) agents.push(unitEntity(ctx, units[p.unit]));
    }
  }

  // Whom the event happened to: the object of an active verb, the subject of a passive one.
  let patients: number[] = subjects;
  let vagueObject = false;
  if (verb.passive) {
    for (const a of agents) for (const s of subjects) {
      emit(scope, a, pred, 'relationship', s, null, CONF_PASSIVE_AGENT);
      if (founding) ctx.entities.vote(s, ORGANIZATION, 2);
    }
    // "was born November 18th, 1923": a date straight after a passive verb says when.
    for (const o of objects) {
      const target = units[o.unit];
      if (target !== undefined && isValueUnit(ctx, target) && ctx.entities.typeOf(unitEntity(ctx, target)) === 'date') {
        for (const s of subjects) emit(scope, s, pred, 'attribute', -1, unitText(ctx, target), CONF_MEASURE);
      }
    }
    if (agents.length === 0 && objects.length > 0 && DITRANSITIVE_VERBS.has(t.lemma(verb.head))) {
      // "Curie was awarded the Nobel Prize" — but not "were considered "Frankish"".
      for (const s of subjects) for (const o of objects) objectFact(scope, s, pred, o);
    }
  } else if (objects.length > 0) {
    const objectEntities: number[] = [];
    for (const s of subjects) {
      for (const o of objects) {
        const e = objectFact(scope, s, pred, o);
        if (e >= 0 && !objectEntities.includes(e)) objectEntities.push(e);
        if (e >= 0 && founding) ctx.entities.vote(e, ORGANIZATION, 2);
      }
    }
    // Whom the event happened to; with only a vague object ("won their first seats in 2014"),
    // dates and amounts still describe the subject's act.
    patients = objectEntities.length > 0 ? objectEntities : subjects;
    vagueObject = objectEntities.length === 0;
    verbNounFacts(scope, pred, subjects, complements);
  }

  if (subjects.length > 0 && t.low(verb.head) === 'born') {
    for (const s of subjects) ctx.entities.vote(s, PERSON, 3);
  } else if (subjects.length > 0 && !verb.passive && PERSON_VERBS.has(t.low(verb.head))) {
    // Who dies, marries, graduates or retires is a person.
    for (const s of subjects) ctx.entities.vote(s, PERSON, 2);
  }

  prepositionalFacts(scope, { verb, pred, subjects, patients, vagueObject }, preps);
}

/** "England declared war on France": verb and noun together say what links the two. */
function verbNounFacts(scope: SentenceScope, pred: string, subjects: number[], { objects, preps }: Complements): void {
  const { ctx, units } = scope;
  const last = objects[objects.length - 1];
  const noun = last === undefined ? undefined : units[last.unit];
  const pp = preps[0];
  const ppTarget = pp === undefined ? undefined : units[pp.unit];
  if (
    objects.length === 1 &&
    last !== undefined &&
    noun?.kind === 'N' &&
    last.ofUnit < 0 &&
    pp !== undefined &&
    pp.unit === last.unit + 2 &&
    noun.last - noun.first < 3 &&
    isNamedArgument(ctx, ppTarget)
  ) {
    const o = unitEntity(ctx, ppTarget);
    for (const s of subjects) {
      emit(scope, s, `${pred} ${nounWords(ctx.tokens, noun, 2)} ${pp.prep}`, 'relationship', o, null, CONF_CONCEPT);
    }
  }
}

/** A direct object: another entity, an amount, or a common-noun concept. Returns the object entity or -1. */
function objectFact(scope: SentenceScope, s: number, pred: string, o: Complement): number {
  const { ctx, units } = scope;
  const target = units[o.unit];
  if (target === undefined) return -1;
  if (target.kind === 'E') {
    if (isValueUnit(ctx, target)) {
      emit(scope, s, pred, 'attribute', -1, unitText(ctx, target), CONF_ACTIVE);
      return -1;
    }
    const e = unitEntity(ctx, target);
    if (e < 0) return -1;
    emit(scope, s, pred, 'relationship', e, null, CONF_ACTIVE);
    return e;
  }
  const of = units[o.ofUnit];
  if (of !== undefined) {
    // "has a population of 2 million", "became the president of France"
    if (isValueUnit(ctx, of, true)) {
      emit(scope, s, nounWords(ctx.tokens, target, 2), 'attribute', -1, unitText(ctx, of), CONF_MEASURE);
    } else if (isNamedArgument(ctx, of)) {
      emit(scope, s, `${pred} ${phraseWords(ctx.tokens, target)} of`, 'relationship', unitEntity(ctx, of), null, CONF_PREP);
    }
    return -1;
  }
  // "discovered polonium": a concept only for a bare noun; "the team" or "a paper" name no concept worth a node.
  if (target.det === '') {
    const c = conceptFor(ctx, target);
    if (c >= 0) {
      emit(scope, s, pred, 'relationship', c, null, CONF_CONCEPT);
      return c;
    }
  }
  return -1;
}
