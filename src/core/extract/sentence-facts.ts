/**
 * Pass 3 for one sentence: cut it into units, then read each clause and apposition.
 * Names that merely share a sentence get no edge: the mention index already links
 * the entities of a passage, at no cost per pair.
 */
import type { ChunkContext } from './chunk-context';
import { appositionFacts } from './apposition-facts';
import { clauseFacts } from './clause-facts';
import { buildUnits } from './clause-units';
import type { SentenceScope } from './sentence-scope';
import type { Span } from './types';

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
    factor: 1,
    lastSubject: null,
  };
  const units = scope.units;
  for (let k = 0; k < units.length; k++) {
    const u = units[k];
    if (u === undefined) continue;
    scope.factor = 1;
    if (u.kind === 'V') clauseFacts(scope, k);
    else if (u.kind === 'E') appositionFacts(scope, k);
  }
}
