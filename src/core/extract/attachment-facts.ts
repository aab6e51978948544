/**
 * Prepositional attachment to the verb, past what lies between: a name or date that a preposition
 * introduces later in a clause ("… play in the Campeonato Brasileiro Série C league in 2015",
 * "… won the prize with the band Twilight"), which no clause pattern tied to anything, is read as
 * said of the subject of the verb before it (of the sentence's subject when that verb's own was not
 * found). Not after a common noun (the phrase then describes the noun: "the ground of X"), nor
 * across a relative pronoun or a bracket. Worded by the verb ("play in"), and trusted less than a
 * fact a clause pattern reads.
 */
import { CONF_ATTACHMENT } from './confidence';
import { verbPredicate } from './predicate-words';
import { emit } from './sentence-scope';
import type { SentenceScope } from './sentence-scope';
import { isNamedArgument, isValueUnit, unitEntity, unitText } from './unit-queries';

export function attachmentFacts(scope: SentenceScope): void {
  const { ctx, units } = scope;
  const t = ctx.tokens;
  scope.factor = 1;
  for (let k = 2; k < units.length; k++) {
    const u = units[k];
    const p = units[k - 1];
    if (u === undefined || p?.kind !== 'P' || u.kind !== 'E' || units[k - 2]?.kind === 'N') continue;
    const value = isValueUnit(ctx, u);
    if (!value && !isNamedArgument(ctx, u)) continue;
    const e = unitEntity(ctx, u);
    if (e < 0 || scope.linked.has(ctx.entities.canon(e)) || (value && scope.linkedValues.has(unitText(ctx, u)))) continue;
    const verb = governingVerb(scope, k - 1);
    const head = units[verb]?.head ?? -1;
    const prep = t.low(p.head);
    // "known as" names or roles something, which the clause patterns read themselves; a "by" left
    // over is the agent of some other participle ("… a city founded by Kempe Gowda").
    if (verb < 0 || head < 0 || prep === 'as' || prep === 'by' || units[verb]?.negated === true) continue;
    // A verb whose own subject was not found is most often still about the sentence's subject.
    const subjects = scope.verbSubjects.get(verb) ?? scope.mainSubject?.entities;
    if (subjects === undefined) continue;
    const predicate = units[verb]?.copula ? `is ${prep}` : `${verbPredicate(t, head)} ${prep}`;
    for (const s of subjects) {
      if (ctx.entities.canon(s) === ctx.entities.canon(e)) continue;
      if (value) emit(scope, s, predicate, 'attribute', -1, unitText(ctx, u), CONF_ATTACHMENT);
      else emit(scope, s, predicate, 'relationship', e, null, CONF_ATTACHMENT);
    }
  }
}

/** The nearest verb group before the preposition at units[p], not across a relative pronoun or a bracket; -1 if none. */
function governingVerb(scope: SentenceScope, p: number): number {
  for (let j = p - 1; j >= 0; j--) {
    const kind = scope.units[j]?.kind;
    if (kind === 'V') return j;
    if (kind === 'R' || kind === 'X') return -1;
  }
  return -1;
}
