/**
 * Facts from one clause: a verb group with the subject before it and the
 * complements after it. "X is …" goes to the copula patterns, any other verb
 * to the active/passive ones.
 */
import { findComplements } from './clause-complements';
import { findSubject, type Subject } from './clause-subject';
import { CONF_PREP, MODAL_FACTOR, PRONOUN_FACTOR, SHARED_SUBJECT_FACTOR } from './confidence';
import { copulaFacts } from './copula-facts';
import { verbPredicate } from './predicate-words';
import { emit } from './sentence-scope';
import { isNamedArgument, unitEntity } from './unit-queries';
import type { SentenceScope } from './sentence-scope';
import { verbFacts } from './verb-facts';

/** Facts around the verb group at units[k]. */
export function clauseFacts(scope: SentenceScope, k: number, fronted = false): void {
  const units = scope.units;
  const verb = units[k];
  if (verb === undefined || verb.head < 0) return;
  let subject = fronted && scope.mainSubject !== null ? scope.mainSubject : findSubject(scope, k);
  let shared = fronted;
  if (subject.entities.length === 0 && subject.ofNoun === null) {
    const carried = sharedSubject(scope, k);
    if (carried === null) return;
    subject = carried;
    shared = true;
  } else if (subject.possessor === true && subject.ofEntity >= 0) {
    scope.lastSubject = { entities: [subject.ofEntity], pronoun: subject.pronoun, ofNoun: null, ofEntity: -1 };
  } else if (subject.entities.length > 0 && !fronted) {
    scope.lastSubject = subject;
    if (scope.mainSubject === null) scope.mainSubject = subject;
  }
  if (subject.passive === true && !verb.passive) {
    // A reduced relative ("the BBC based at …", "X, operated by Y, …") is passive whatever its form.
    units[k] = { ...verb, passive: true };
  }
  // A negated clause states nothing, but its subject still carries to the next verb of the sentence.
  if (verb.negated) return;
  if (subject.entities.length > 0) scope.verbSubjects.set(k, subject.entities);
  const complements = findComplements(scope.ctx, units, k);
  scope.factor = (verb.modal ? MODAL_FACTOR : 1) * (subject.pronoun ? PRONOUN_FACTOR : 1) * (shared ? SHARED_SUBJECT_FACTOR : 1);

  if (!verb.copula && !shared && subject.entities.length > 0) wherePlace(scope, k, subject.entities);
  if (verb.copula) {
    copulaFacts(scope, subject, complements);
    return;
  }
  // "The capital of Poland" only makes a fact with "is".
  if (subject.ofNoun !== null) return;
  verbFacts(scope, units[k] ?? verb, subject.entities, complements);
}

/**
 * A verb group that opens a coordinated or listed predicate ("… is operated by ENAIRE and is
 * located in Alcobendas", "…, was a crew member of Apollo 14, retired in 1974 and died …") has
 * no subject of its own: it shares the one of the sentence's last clause.
 */
function sharedSubject(scope: SentenceScope, k: number): Subject | null {
  const before = scope.units[k - 1];
  if (scope.lastSubject === null || before === undefined) return null;
  // "…'s writings circulated widely, reaching France": a gerund's doer is not clear enough.
  const verb = scope.units[k];
  const t = scope.ctx.tokens;
  if (verb !== undefined && t.tag(verb.first) !== 'AUX' && t.low(verb.head).endsWith('ing')) return null;
  if (before.kind === 'J') {
    const word = scope.ctx.tokens.low(before.head);
    return word === 'and' || word === 'but' || word === 'or' ? scope.lastSubject : null;
  }
  if (before.kind !== 'C') return afterParticiple(scope, k) ? scope.lastSubject : null;
  // "chopped fruits, condensed milk": a participle before a bare noun in a list is an adjective.
  const next = scope.units[k + 1];
  if (verb !== undefined && t.tag(verb.first) === 'VERB' && next?.kind === 'N' && next.det === '') return null;
  return scope.lastSubject;
}

/**
 * "X located in Alcobendas is operated by ENAIRE": a finite verb whose subject is the one a
 * reduced relative clause just described, the participle's phrase standing between them.
 */
function afterParticiple(scope: SentenceScope, k: number): boolean {
  const { units, ctx } = scope;
  const t = ctx.tokens;
  const verb = units[k];
  if (verb === undefined || t.tag(verb.first) !== 'AUX') return false;
  for (let j = k - 1; j >= 0; j--) {
    const u = units[j];
    if (u === undefined || u.kind === 'C' || u.kind === 'J' || u.kind === 'R' || u.kind === 'X') return false;
    if (u.kind === 'V') return t.tag(u.first) === 'VERB' && u.first === u.last && units[j + 1]?.kind === 'P';
  }
  return false;
}

/** "In the United States, where Abraham A. Ribicoff was born, …": the clause happened at the place before "where". */
function wherePlace(scope: SentenceScope, k: number, subjects: number[]): void {
  const { ctx, units } = scope;
  const t = ctx.tokens;
  const subject = units[k - 1];
  if (subject?.kind !== 'E' || t.low(subject.first - 1) !== 'where') return;
  let j = k - 2;
  if (units[j]?.kind === 'C') j--;
  const place = units[j];
  if (!isNamedArgument(ctx, place) || units[j + 1]?.first === undefined) return;
  const verb = units[k];
  if (verb === undefined || verb.head < 0) return;
  const pred = `${verbPredicate(t, verb.head)} in`;
  for (const s of subjects) emit(scope, s, pred, 'relationship', unitEntity(ctx, place), null, CONF_PREP);
}
