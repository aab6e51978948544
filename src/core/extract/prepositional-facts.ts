/**
 * Facts from the prepositional phrases of a verb: "born in Warsaw", "moved to
 * Paris in 1891", "with a population of 2 million". They also cast type votes:
 * the object of "born in" is a place, of "works for" an organization.
 */
import { ALIAS_PREDICATE } from './aliases';
import type { PrepPhrase } from './clause-complements';
import type { Unit } from './clause-units';
import { CONF_CONCEPT, CONF_MEASURE, CONF_PREP } from './confidence';
import { ORGANIZATION, PLACE } from './entity-table';
import { conceptFor } from './concept-mentions';
import { nounWords } from './predicate-words';
import { emit } from './sentence-scope';
import { referent } from './subject-fallbacks';
import type { SentenceScope } from './sentence-scope';
import { isNamedArgument, isValueUnit, qualifierEntity, unitEntity, unitText } from './unit-queries';
import { PLACE_PREPOSITIONS, PLACE_VERBS } from './word-lists';

/** The verb clause the phrases belong to, as read by verbFacts. */
export interface VerbClause {
  verb: Unit;
  /** Predicate form of the verb ("founded", "wrote"). */
  pred: string;
  subjects: number[];
  /** Whom the event happened to: the objects, or the subjects when there are none. */
  patients: number[];
  /** The verb had only a common-noun object, which later phrases more likely describe. */
  vagueObject: boolean;
}

export function prepositionalFacts(scope: SentenceScope, clause: VerbClause, preps: PrepPhrase[]): void {
  const { ctx, units } = scope;
  const { verb, pred, subjects, patients, vagueObject } = clause;
  const lemma = ctx.tokens.lemma(verb.head);
  const placeVerb = PLACE_VERBS.has(lemma);
  for (const p of preps) {
    if (p.prep === 'by' && verb.passive) continue;
    const target = units[p.unit];
    if (target === undefined) continue;
    if (target.kind === 'N') {
      // "with a population of 2 million" → population = 2 million
      const of = units[p.ofUnit];
      if (of !== undefined && isValueUnit(ctx, of, true)) {
        const measure = nounWords(ctx.tokens, target, 2);
        for (const s of patients) emit(scope, s, measure, 'attribute', -1, unitText(ctx, of), CONF_MEASURE);
      } else if (of === undefined && referent(scope, target) >= 0 && !vagueObject) {
        // "starred in the series": the series named before.
        const named = referent(scope, target);
        for (const s of patients) if (s !== named) emit(scope, s, `${pred} ${p.prep}`, 'relationship', named, null, CONF_CONCEPT);
      } else if (of === undefined && p.prep === 'as' && !vagueObject) {
        // "served as a dessert", "worked as a test pilot": the role or class is a concept.
        const c = conceptFor(ctx, target);
        if (c >= 0) for (const s of patients) emit(scope, s, `${pred} as`, 'relationship', c, null, CONF_CONCEPT);
      } else if (of !== undefined && isNamedArgument(ctx, of) && !vagueObject) {
        // "placed in the municipality of Gettysburg", "falls under the category of Contributing property"
        const predicate = `${pred} ${p.prep} ${nounWords(ctx.tokens, target, 2)} of`;
        for (const s of patients) emit(scope, s, predicate, 'relationship', unitEntity(ctx, of), null, CONF_CONCEPT);
      }
      continue;
    }
    const predicate = `${pred} ${p.prep}`;
    if (isValueUnit(ctx, target)) {
      for (const s of patients) emit(scope, s, predicate, 'attribute', -1, unitText(ctx, target), CONF_MEASURE);
    } else if (isNamedArgument(ctx, target)) {
      const o = unitEntity(ctx, target);
      if (p.prep === 'as' && lemma === 'know') {
        // "X, also known as Y" names the same thing twice.
        for (const s of subjects) emit(scope, s, ALIAS_PREDICATE, 'attribute', -1, unitText(ctx, target), CONF_PREP);
        continue;
      }
      if (placeVerb && PLACE_PREPOSITIONS.has(p.prep)) ctx.entities.vote(o, PLACE, 2);
      if (p.prep === 'for' && lemma === 'work') ctx.entities.vote(o, ORGANIZATION, 2);
      // A phrase after a common-noun object usually describes the noun ("a commentary on Galatians").
      if (vagueObject) continue;
      // "located in Sao Paulo, Brazil": in the region too.
      const region = qualifierEntity(ctx, target);
      for (const s of patients) {
        if (ctx.entities.drafts[s]?.kind !== 'named') continue;
        emit(scope, s, predicate, 'relationship', o, null, CONF_PREP);
        if (region >= 0 && PLACE_PREPOSITIONS.has(p.prep)) emit(scope, s, predicate, 'relationship', region, null, CONF_PREP);
      }
    }
  }
}
