/**
 * Pass 3 for one sentence: cut it into units, then read each clause and apposition.
 * Names that merely share a sentence get no edge: the mention index already links
 * the entities of a passage, at no cost per pair.
 */
import type { ChunkContext } from './chunk-context';
import { appositionFacts } from './apposition-facts';
import { attachmentFacts } from './attachment-facts';
import { clauseFacts } from './clause-facts';
import { buildUnits } from './clause-units';
import type { SentenceScope } from './sentence-scope';
import type { Span } from './types';
import { CONF_PREP } from './confidence';
import { COMPASS_POINTS } from './word-lists';
import { emit } from './sentence-scope';
import { isNamedArgument, unitEntity } from './unit-queries';

const TOPIC_OPENERS = new Set(['it', 'its', 'they', 'their', 'the', 'this', 'these', 'he', 'his', 'she', 'her']);

/** Every fact needs a named subject, so a sentence without a name or a he/she has none to give. */
export function mayHoldFacts(ctx: ChunkContext, first: number, last: number, topic = -1): boolean {
  const { tokens: t, entities } = ctx;
  // "It …", "Its …", "They …", "The airport …" may continue the previous sentence's subject.
  if (topic >= 0 && TOPIC_OPENERS.has(t.low(first))) return true;
  for (let i = first; i <= last; i++) {
    const m = entities.mentionAt[i] ?? -1;
    if (m >= 0 && entities.isNamedMention(m)) return true;
    const v = t.value(i);
    if (v.length <= 3 && (v === 'he' || v === 'she' || v === 'He' || v === 'She')) return true;
  }
  return false;
}

/**
 * Facts of the sentence first..last; `lastPerson` is who a he/she may mean (-1: nobody), `topic` the
 * previous sentence's subject. Returns this sentence's subject (-1: none), the next one's topic.
 */
export function factsInSentence(ctx: ChunkContext, first: number, last: number, sentence: Span, lastPerson: number, topic: number): number {
  const scope: SentenceScope = {
    ctx,
    units: buildUnits(ctx, first, last),
    sentence,
    lastPerson,
    factor: 1,
    lastSubject: null,
    mainSubject: null,
    topic,
    linked: new Set<number>(),
    linkedValues: new Set<string>(),
    verbSubjects: new Map<number, number[]>(),
  };
  const units = scope.units;
  // "Born in Derry and raised in Leeds, X …": the opening participles wait for the subject they describe.
  const fronted: number[] = [];
  for (let k = 0; k < units.length; k++) {
    const u = units[k];
    if (u === undefined) continue;
    scope.factor = 1;
    if (u.kind === 'V') {
      if (scope.mainSubject === null && opensWithParticiple(scope, k, fronted)) {
        fronted.push(k);
        continue;
      }
      clauseFacts(scope, k);
    } else if (u.kind === 'E') appositionFacts(scope, k);
  }
  if (scope.mainSubject !== null) {
    for (const k of fronted) {
      scope.factor = 1;
      scope.lastSubject = scope.mainSubject;
      clauseFacts(scope, k, true);
    }
  }
  frontedPlace(scope);
  invertedDirection(scope);
  attachmentFacts(scope);
  return scope.mainSubject?.entities[0] ?? -1;
}

/**
 * "In Mexico, Bionico consists of …": where the main clause holds. A fronted date ("In 1900, Tesla
 * was granted …") belongs to the clause's event, which a bare "in 1900" fact would not say.
 */
function frontedPlace(scope: SentenceScope): void {
  const { ctx, units } = scope;
  const [p, target, comma] = units;
  const subject = scope.mainSubject;
  if (subject === null || p?.kind !== 'P' || target === undefined || comma?.kind !== 'C') return;
  const prep = ctx.tokens.low(p.head);
  if (prep !== 'in' && prep !== 'at') return;
  scope.factor = 1;
  if (!isNamedArgument(ctx, target)) return;
  for (const s of subject.entities) emit(scope, s, `located ${prep}`, 'relationship', unitEntity(ctx, target), null, CONF_PREP);
}

/**
 * "To the southeast of Adams County lies Carroll County": the place the sentence is about comes
 * after the verb, and the direction is said of it.
 */
function invertedDirection(scope: SentenceScope): void {
  const { ctx, units } = scope;
  const t = ctx.tokens;
  const [to, direction, of, place] = units;
  if (to === undefined || direction === undefined || of?.kind !== 'P' || t.low(to.head) !== 'to' || t.low(of.head) !== 'of') return;
  const word = t.low(direction.head);
  if ((direction.kind !== 'N' && direction.kind !== 'A') || !COMPASS_POINTS.has(word) || !isNamedArgument(ctx, place)) return;
  let k = 4;
  // "of Adams County, Pennsylvania lies …": a region after a comma still names the same place.
  if (units[k]?.kind === 'C' && isNamedArgument(ctx, units[k + 1]) && units[k + 2]?.kind === 'V') k += 2;
  const verb = units[k];
  const subject = units[k + 1];
  if (verb?.kind !== 'V' || verb.negated || !(verb.copula || t.lemma(verb.head) === 'lie') || !isNamedArgument(ctx, subject)) return;
  scope.factor = 1;
  emit(scope, unitEntity(ctx, subject), `is ${word} of`, 'relationship', unitEntity(ctx, place), null, CONF_PREP);
}

/** A verb group with no auxiliary opening the sentence, or continuing such an opening after "and" or a comma. */
function opensWithParticiple(scope: SentenceScope, k: number, fronted: number[]): boolean {
  const { units, ctx } = scope;
  const verb = units[k];
  if (verb === undefined || ctx.tokens.tag(verb.first) !== 'VERB') return false;
  if (k === 0) return true;
  const before = units[k - 1];
  return fronted.length > 0 && (before?.kind === 'J' || before?.kind === 'C');
}
