/** Facts from appositions: "Warsaw, the capital of Poland," and "Jared Allen, a 5-time pro bowler,". */
import { CONF_APPOSITION } from './confidence';
import { phraseText, phraseWords } from './predicate-words';
import { voteClass } from './class-votes';
import { emit } from './sentence-scope';
import type { SentenceScope } from './sentence-scope';
import { isNamedArgument, unitEntity } from './unit-queries';

/** Facts from an apposition after the entity at units[k], if there is one. */
export function appositionFacts(scope: SentenceScope, k: number): void {
  const { ctx, units } = scope;
  const e = units[k];
  if (!isNamedArgument(ctx, e) || units[k + 1]?.kind !== 'C') return;
  const np = units[k + 2];
  if (np === undefined || np.kind !== 'N') return;
  // "Abraham A. Ribicoff, husband of Casey Ribicoff, …": a bare role noun with its "of".
  const bareOf = np.det === '' && units[k + 3]?.kind === 'P' && ctx.tokens.low(units[k + 3]?.head ?? -1) === 'of';
  if (np.det !== 'the' && np.det !== 'a' && np.det !== 'an' && !bareOf) return;
  // A comma before the entity would make this a list item ("Paris, London, the capital …"),
  // and "In HIV, the envelope …" is a fronted phrase, not an apposition.
  if (units[k - 1]?.kind === 'C') return;
  if (k === 1 && units[0]?.kind === 'P') return;
  const s = unitEntity(ctx, e);
  const p = units[k + 3];
  const o = units[k + 4];
  if (p?.kind === 'P' && isNamedArgument(ctx, o)) {
    const prep = ctx.tokens.low(p.head);
    if (prep === 'of' || prep === 'in') {
      const target = unitEntity(ctx, o);
      emit(scope, s, `is ${phraseWords(ctx.tokens, np)} ${prep}`, 'relationship', target, null, CONF_APPOSITION);
      return;
    }
  }
  const after = units[k + 3];
  if (after === undefined || after.kind === 'C' || after.kind === 'X' || after.kind === 'R') {
    const value = phraseText(ctx.tokens, np);
    // Less sure than "X, the capital of Y": the description may belong to a list or a longer phrase.
    if (value !== '') emit(scope, s, 'is a', 'attribute', -1, value, CONF_APPOSITION - 0.15);
    voteClass(ctx, s, np);
  }
}
