/**
 * Facts from one clause: a verb group with the subject before it and the
 * complements after it. "X is …" goes to the copula patterns, any other verb
 * to the active/passive ones.
 */
import { findComplements } from './clause-complements';
import { findSubject } from './clause-subject';
import { MODAL_FACTOR, PRONOUN_FACTOR } from './confidence';
import { copulaFacts } from './copula-facts';
import type { SentenceScope } from './sentence-scope';
import { verbFacts } from './verb-facts';

/** Facts around the verb group at units[k]. */
export function clauseFacts(scope: SentenceScope, k: number): void {
  const units = scope.units;
  const verb = units[k];
  if (verb === undefined || verb.head < 0 || verb.negated) return;
  const subject = findSubject(scope, k);
  if (subject.entities.length === 0 && subject.ofNoun === null) return;
  const complements = findComplements(scope.ctx, units, k);
  scope.factor = (verb.modal ? MODAL_FACTOR : 1) * (subject.pronoun ? PRONOUN_FACTOR : 1);

  if (verb.copula) {
    copulaFacts(scope, subject, complements);
    return;
  }
  // "The capital of Poland" only makes a fact with "is".
  if (subject.ofNoun !== null) return;
  verbFacts(scope, verb, subject.entities, complements);
}
