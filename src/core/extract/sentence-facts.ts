/**
 * Pass 3 for one sentence: cut it into units, read each clause and apposition,
 * then give a weak co-occurrence edge to neighbouring names no pattern linked.
 */
import type { ChunkContext } from './chunk-context';
import { appositionFacts } from './apposition-facts';
import { clauseFacts } from './clause-facts';
import { buildUnits } from './clause-units';
import { CONF_COOCCUR } from './confidence';
import { COOCCURS } from './fact-table';
import type { SentenceScope } from './sentence-scope';
import type { Span } from './types';
import { isNamedUnit, unitEntity } from './unit-queries';

/** Every fact needs a named subject, so a sentence without a name or a he/she has none to give. */
export function mayHoldFacts(ctx: ChunkContext, first: number, last: number): boolean {
  const { tokens: t, entities } = ctx;
  for (let i = first; i <= last; i++) {
    const m = entities.mentionAt[i] ?? -1;
    if (m >= 0 && entities.isNamedMention(m)) return true;
    const v = t.value(i);
    if (v.length <= 3 && (v === 'he' || v === 'she' || v === 'He' || v === 'She')) return true;
  }
  return false;
}

/** Facts of the sentence first..last; `lastPerson` is who a he/she may mean (-1: nobody). */
export function factsInSentence(ctx: ChunkContext, first: number, last: number, sentence: Span, lastPerson: number): void {
  const scope: SentenceScope = {
    ctx,
    units: buildUnits(ctx, first, last),
    sentence,
    lastPerson,
    linked: new Set<number>(),
    factor: 1,
  };
  const units = scope.units;
  for (let k = 0; k < units.length; k++) {
    const u = units[k];
    if (u === undefined) continue;
    scope.factor = 1;
    if (u.kind === 'V') clauseFacts(scope, k);
    else if (u.kind === 'E') appositionFacts(scope, k);
  }
  cooccurrenceFacts(scope);
}

/** Entities side by side in a sentence that no pattern linked still get a weak edge. */
function cooccurrenceFacts(scope: SentenceScope): void {
  const { ctx, linked } = scope;
  let previous = -1;
  for (const u of scope.units) {
    if (!isNamedUnit(ctx, u)) continue;
    const e = unitEntity(ctx, u);
    if (ctx.entities.drafts[e]?.kind !== 'named' || e === previous) continue;
    if (previous >= 0 && !(linked.has(previous) && linked.has(e))) {
      ctx.facts.add(previous, COOCCURS, 'relationship', e, null, CONF_COOCCUR, scope.sentence);
    }
    previous = e;
  }
}
