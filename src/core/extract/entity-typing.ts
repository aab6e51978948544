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
  PLACE_PREPOSITIONS,
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
  const classWordLast = ORG_WORDS.has(lastWord) || PLACE_WORDS.has(lastWord) || WORK_NOUNS.has(lastWord);
  if (a < b && FIRST_NAMES.has(t.low(a)) && !classWordLast) entities.vote(entity, PERSON, 2);
  else if (looksLikePersonName(ctx, a, b)) entities.vote(entity, PERSON, 0.5);
  voteInnerWords(ctx, entity, a, b, classWordLast);


  // Context just before the name.
  const before = t.low(a - 1);
  if (a - 1 >= first) {
    if (ROLE_NOUNS.has(before) && !t.capitalised(a - 1)) entities.vote(entity, PERSON, 2);
    if (WORK_NOUNS.has(before)) entities.vote(entity, WORK, 4);
    // "the band Twilight", "the river Thames": the class noun before the name.
    else if (!t.capitalised(a - 1) && ORG_WORDS.has(before)) entities.vote(entity, ORGANIZATION, 3);
    else if (!t.capitalised(a - 1) && PLACE_WORDS.has(before)) entities.vote(entity, PLACE, 3);
    if (before === 'of' && a - 2 >= first) {
      const noun = t.low(a - 2);
      if (noun === 'city' || noun === 'town' || noun === 'village' || noun === 'capital' || noun === 'municipality' || noun === 'state') {
        entities.vote(entity, PLACE, 3);
      }
    }
    // "in Bangalore", "from Brazil": most often a place, so a weak vote that any other cue outweighs.
    if (PLACE_PREPOSITIONS.has(before) && before !== 'to') entities.vote(entity, PLACE, 1);
  }
  // A class noun right after the name says what it is: "the FC Terek Grozny club", "the Campeonato … league".
  const after = t.low(b + 1);
  if (b + 1 <= last && t.tag(b + 1) === 'NOUN' && !t.capitalised(b + 1)) {
    if (ORG_WORDS.has(after)) entities.vote(entity, ORGANIZATION, 3);
    else if (PLACE_WORDS.has(after)) entities.vote(entity, PLACE, 3);
    else if (WORK_NOUNS.has(after)) entities.vote(entity, WORK, 3);
  }
  // Context just after: "X was born", "X, who".
  let k = b + 1;
  if (t.low(k) === ',') k++;
  if (k <= last && t.low(k) === 'who') entities.vote(entity, PERSON, 2);
  if (b + 2 <= last && BE_FORMS.has(t.low(b + 1)) && t.low(b + 2) === 'born') entities.vote(entity, PERSON, 3);
}

// A middle initial ("Abraham A. Ribicoff", "Robert A.M. Stern") is how people's names are written.
const INITIALS = /^(?:\p{Lu}\.)+$/u;
// A team or a band named in the plural ("Tennessee Titans", "The Lotus Eaters").
const PLURAL_NAME_END = /^\p{Lu}\p{Ll}+[^su]s$/u;

/** Cues inside a multi-word name besides its first and last word. */
function voteInnerWords(ctx: ChunkContext, entity: number, a: number, b: number, classWordLast: boolean): void {
  const { tokens: t, entities } = ctx;
  if (a === b) return;
  for (let j = a + 1; j < b; j++) {
    const word = t.low(j);
    // "Mason School of Business", "Acharya Institute of Technology"
    if (ORG_WORDS.has(word)) entities.vote(entity, ORGANIZATION, 2);
    else if (PLACE_WORDS.has(word)) entities.vote(entity, PLACE, 1);
    if (INITIALS.test(t.value(j)) && t.capitalised(b) && !classWordLast) entities.vote(entity, PERSON, 3);
  }
  // "FC Spartak Moscow", "Club Atlético …": an organisation word opening the name.
  if (ORG_WORDS.has(t.low(a)) && !PLACE_WORDS.has(t.low(b))) entities.vote(entity, ORGANIZATION, 2);
  const lastWord = t.low(b);
  if (PLURAL_NAME_END.test(t.value(b)) && !ORG_WORDS.has(lastWord) && !PLACE_WORDS.has(lastWord) && !DEMONYM_PLURAL.test(lastWord)) {
    entities.vote(entity, ORGANIZATION, 2);
  }
}

const DEMONYM_PLURAL = /(?:ans|ese|ish|ians)$/;

const NAME_WORD = /^\p{Lu}\p{Ll}+$/u;

/**
 * "Casey Ribicoff", "Gadzhi Gadzhiyev": two plain capitalised words, the first of which
 * is no English word. Weaker than any other cue: it only decides when nothing else votes.
 */
function looksLikePersonName(ctx: ChunkContext, a: number, b: number): boolean {
  const t = ctx.tokens;
  if (b - a !== 1) return false;
  for (let j = a; j <= b; j++) if (!NAME_WORD.test(t.value(j))) return false;
  const lastWord = t.low(b);
  if (ORG_WORDS.has(lastWord) || PLACE_WORDS.has(lastWord) || WORK_NOUNS.has(lastWord)) return false;
  return !t.isKnownWord(t.low(a));
}
