/**
 * Facts from "X is/was …": identity ("is the capital of"), class membership
 * ("is a physicist"), measurements ("is 1,047 km long") and location ("is in").
 */
import type { Complements } from './clause-complements';
import type { Subject } from './clause-subject';
import { CONF_COPULA_OF, CONF_IS_A, CONF_MEASURE, CONF_PREP, CONF_WEAK_VALUE } from './confidence';
import { nounWords, phraseText, phraseWords } from './predicate-words';
import { voteClass } from './class-votes';
import { emit } from './sentence-scope';
import { mayBePlural, singularOf } from './plural-nouns';
import type { Unit } from './clause-units';
import type { SentenceScope } from './sentence-scope';
import { isNamedArgument, isValueUnit, qualifierEntity, unitEntity, unitText } from './unit-queries';
import { DIMENSION_ADJECTIVES } from './word-lists';

export function copulaFacts(scope: SentenceScope, subject: Subject, { objects, adjective, preps }: Complements): void {
  const { ctx, units } = scope;
  const t = ctx.tokens;
  const first = objects[0];
  const target = first === undefined ? undefined : units[first.unit];

  // "The capital of Poland is Warsaw" / "The population of Warsaw is 1.8 million".
  if (subject.ofNoun !== null) {
    if (subject.ofEntity < 0 || target === undefined) return;
    if (isNamedArgument(ctx, target)) {
      const pred = `is ${phraseWords(t, subject.ofNoun)} of`;
      emit(scope, unitEntity(ctx, target), pred, 'relationship', subject.ofEntity, null, CONF_COPULA_OF);
    } else if (isValueUnit(ctx, target, true)) {
      emit(scope, subject.ofEntity, nounWords(t, subject.ofNoun, 2), 'attribute', -1, unitText(ctx, target), CONF_MEASURE);
    } else if (target.kind === 'N' && first?.ofUnit === -1) {
      // "Mexico's currency is the peso", "its main product is drugs"
      const value = phraseText(t, target);
      if (value !== '') emit(scope, subject.ofEntity, nounWords(t, subject.ofNoun, 2), 'attribute', -1, value, CONF_IS_A);
    }
    return;
  }
  if (subject.entities.length === 0) return;

  for (const s of subject.entities) {
    if (target !== undefined && first !== undefined) {
      // "was a US national": a name after "a"/"an" only qualifies what follows it.
      const article = t.low(target.first - 1);
      if (target.kind === 'E' && (article === 'a' || article === 'an')) continue;
      if (target.kind === 'E') {
        // "The Vistula is 1,047 km long"
        const adj = units[adjective];
        const dimension = adj === undefined ? undefined : DIMENSION_ADJECTIVES.get(t.low(adj.head));
        if (dimension !== undefined && isValueUnit(ctx, target, true)) {
          emit(scope, s, dimension, 'attribute', -1, unitText(ctx, target), CONF_MEASURE);
        } else if (isValueUnit(ctx, target)) {
          emit(scope, s, 'is', 'attribute', -1, unitText(ctx, target), CONF_WEAK_VALUE);
        } else if (isNamedArgument(ctx, target)) {
          emit(scope, s, 'is', 'relationship', unitEntity(ctx, target), null, CONF_PREP);
        }
        continue;
      }
      const of = units[first.ofUnit];
      if (of !== undefined) {
        if (isNamedArgument(ctx, of)) {
          emit(scope, s, `is ${phraseWords(t, target)} of`, 'relationship', unitEntity(ctx, of), null, CONF_COPULA_OF);
        } else if (isValueUnit(ctx, of, true)) {
          emit(scope, s, nounWords(t, target, 2), 'attribute', -1, unitText(ctx, of), CONF_MEASURE);
        }
        continue;
      }
      // "Paris is the largest city in France"
      const pp = preps[0];
      const ppTarget = pp === undefined ? undefined : units[pp.unit];
      if (pp !== undefined && pp.unit === first.unit + 2 && isNamedArgument(ctx, ppTarget)) {
        const pred = `is ${phraseWords(t, target)} ${pp.prep}`;
        emit(scope, s, pred, 'relationship', unitEntity(ctx, ppTarget), null, CONF_COPULA_OF);
        continue;
      }
      const value = phraseText(t, target);
      // "The Mason School of Business are the current tenants": a plural complement names no class of it.
      if (value !== '' && !isPluralHead(ctx, target)) emit(scope, s, 'is a', 'attribute', -1, value, CONF_IS_A);
      voteClass(ctx, s, target);
      continue;
    }

    const adj = units[adjective];
    if (adj !== undefined) {
      const word = t.low(adj.head);
      const pp = preps[0];
      const ppTarget = pp === undefined ? undefined : units[pp.unit];
      if (pp !== undefined && pp.unit === adjective + 2 && isNamedArgument(ctx, ppTarget)) {
        // "is located in" tagged as an adjective reads as the passive verb it is; "is famous for" keeps "is".
        const pred = word.endsWith('ed') ? `${word} ${pp.prep}` : `is ${phraseWords(t, adj)} ${pp.prep}`;
        emit(scope, s, pred, 'relationship', unitEntity(ctx, ppTarget), null, CONF_PREP);
        const region = ppTarget === undefined ? -1 : qualifierEntity(ctx, ppTarget);
        if (region >= 0) emit(scope, s, pred, 'relationship', region, null, CONF_PREP);
      } else if (adj.first === adj.last && t.capitalised(adj.head)) {
        // "Curie was Polish"
        emit(scope, s, 'is', 'attribute', -1, t.value(adj.head), CONF_IS_A);
      }
      continue;
    }
    // "Warsaw is in Poland"
    for (const p of preps) {
      const u = units[p.unit];
      const pred = `is ${p.prep}`;
      const of = units[p.ofUnit];
      if (u?.kind === 'N' && of !== undefined && isNamedArgument(ctx, of)) {
        // "ENAIRE is in the city of Madrid"
        emit(scope, s, `${pred} ${nounWords(t, u, 2)} of`, 'relationship', unitEntity(ctx, of), null, CONF_PREP);
        break;
      }
      if (isNamedArgument(ctx, u)) {
        emit(scope, s, pred, 'relationship', unitEntity(ctx, u), null, CONF_PREP);
        const region = u === undefined ? -1 : qualifierEntity(ctx, u);
        if (region >= 0) emit(scope, s, pred, 'relationship', region, null, CONF_PREP);
        // "is at 101 Ukrop Way in Virginia": further places narrow the same location.
        if (p.prep === 'in' || p.prep === 'at') continue;
      } else if (u !== undefined && isValueUnit(ctx, u)) emit(scope, s, pred, 'attribute', -1, unitText(ctx, u), CONF_PREP);
      break;
    }
  }
}

function isPluralHead(ctx: SentenceScope['ctx'], u: Unit): boolean {
  const word = ctx.tokens.low(u.head);
  return u.head >= 0 && mayBePlural(word) && singularOf(word, ctx.tokens.lemma(u.head)) !== null;
}
