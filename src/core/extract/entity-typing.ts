/**
 * Votes on what a newly found name is — person, organization, place or work —
 * from the words inside it and the words around it. Each cue is weak alone;
 * the weights say how often it is right, and the highest total wins (typeOf).
 */
import type { ChunkContext } from './chunk-context';
import { ORGANIZATION, PERSON, PLACE, WORK } from './entity-table';
import { isAcronym } from './value-patterns';
import {
  BE_FORMS,
  FIRST_NAMES,
  ORG_WORDS,
  PLACE_ACRONYMS,
  PLACE_NAMES,
  PLACE_PREFIXES,
  PLACE_WORDS,
  ROLE_NOUNS,
  WORK_NOUNS,
} from './word-lists';

/** Votes for the type of `entity`, just mentioned as tokens a..b of the sentence first..last. */
export function voteNameType(ctx: ChunkContext, entity: number, a: number, b: number, first: number, last: number): void {
  const { tokens: t, entities } = ctx;
  const lastWord = t.low(b);
  // "… Corporation", or "University of …" (but an "Academy Award" is no academy).
  const ofName = t.low(a + 1) === 'of' && a + 1 < b;
  if (ORG_WORDS.has(lastWord)) entities.vote(entity, ORGANIZATION, 4);
  else if (ofName && ORG_WORDS.has(t.low(a))) entities.vote(entity, ORGANIZATION, 3);
  if (PLACE_WORDS.has(lastWord)) entities.vote(entity, PLACE, 4);
  else if ((ofName && PLACE_WORDS.has(t.low(a))) || (a < b && PLACE_PREFIXES.has(t.low(a)))) entities.vote(entity, PLACE, 3);
  const key = entities.drafts[entity]?.key ?? '';
  if (PLACE_NAMES.has(key)) entities.vote(entity, PLACE, 3);
  if (a === b && isAcronym(t.value(a))) {
    if (PLACE_ACRONYMS.has(key)) entities.vote(entity, PLACE, 3);
    else entities.vote(entity, ORGANIZATION, 1);
  }
  if (a < b && FIRST_NAMES.has(t.low(a))) entities.vote(entity, PERSON, 2);

  // Context just before the name.
  const before = t.low(a - 1);
  if (a - 1 >= first) {
    if (ROLE_NOUNS.has(before) && !t.capitalised(a - 1)) entities.vote(entity, PERSON, 2);
    if (WORK_NOUNS.has(before)) entities.vote(entity, WORK, 4);
    if (before === 'of' && a - 2 >= first) {
      const noun = t.low(a - 2);
      if (noun === 'city' || noun === 'town' || noun === 'village' || noun === 'capital') entities.vote(entity, PLACE, 3);
    }
  }
  // Context just after: "X was born", "X, who".
  let k = b + 1;
  if (t.low(k) === ',') k++;
  if (k <= last && t.low(k) === 'who') entities.vote(entity, PERSON, 2);
  if (b + 2 <= last && BE_FORMS.has(t.low(b + 1)) && t.low(b + 2) === 'born') entities.vote(entity, PERSON, 3);
}
