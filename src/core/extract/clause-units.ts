/**
 * Cuts a sentence into units — entity mentions, noun phrases, verb groups,
 * prepositions, commas — so that clause patterns can be matched over a
 * handful of units instead of every token.
 */
import type { ChunkContext } from './chunk-context';
import { BE_FORMS, COMPASS_POINTS, MODALS, ORG_WORDS, PLACE_WORDS, POSSESSIVE_DETERMINERS, RELATIVE_PRONOUNS, WORK_NOUNS } from './word-lists';

export type UnitKind =
  | 'E' // entity mention (named, value or concept)
  | 'N' // common noun phrase
  | 'A' // adjective phrase without a noun
  | 'V' // verb group
  | 'P' // preposition
  | 'C' // comma
  | 'J' // coordinating conjunction
  | 'R' // pronoun that can stand for an entity (who, which, he, she)
  | 'X'; // anything that ends a clause pattern

export interface Unit {
  kind: UnitKind;
  first: number;
  last: number;
  /** Main token: the verb, the preposition, the noun-phrase head (-1 if none). */
  head: number;
  mention: number;
  /** Lower-cased determiner of a noun phrase ('' when bare). */
  det: string;
  copula: boolean;
  passive: boolean;
  negated: boolean;
  modal: boolean;
  /** An entity that only qualifies what follows: "the Talbot Hughes collection", "the UK's universities". */
  modifier: boolean;
}

// Longest bracketed aside skipped as outside the grammar; longer brackets may hold a clause.
const MAX_ASIDE_TOKENS = 6;

export function buildUnits(ctx: ChunkContext, first: number, last: number): Unit[] {
  const t = ctx.tokens;
  const { mentionAt, mentions } = ctx.entities;
  const units: Unit[] = [];
  let i = first;
  while (i <= last) {
    if (ctx.hidden[i] === 1) {
      i++;
      continue;
    }
    // A short aside in brackets ("(1685)", "(118)") sits outside the sentence's grammar.
    if (t.value(i) === '(') {
      const close = closingBracket(ctx, i, last);
      if (close > 0) {
        i = close + 1;
        continue;
      }
    }
    const m = mentionAt[i] ?? -1;
    if (m >= 0) {
      const mention = mentions[m];
      let to = Math.min(mention?.last ?? i, last);
      // "Gettysburg, Pennsylvania" is one argument: the region only qualifies the place.
      const tail = mentionAt[to + 2] ?? -1;
      if (tail >= 0 && ctx.qualifiers.has(tail)) to = Math.min(mentions[tail]?.last ?? to, last);
      units.push(unit('E', i, to, i, m));
      i = to + 1;
      continue;
    }
    const tag = t.tag(i);
    const l = t.low(i);
    if (isNounAfterBe(ctx, i) || isDirectionNoun(ctx, i)) {
      i = readNounPhrase(ctx, i, last, units);
    } else if (tag === 'VERB' || tag === 'AUX') {
      i = readVerbGroup(ctx, i, last, units);
    } else if (tag === 'ADP') {
      units.push(unit('P', i, i, i, -1));
      i++;
    } else if (tag === 'CCONJ') {
      units.push(unit('J', i, i, i, -1));
      i++;
    } else if (tag === 'PRON' && RELATIVE_PRONOUNS.has(l)) {
      units.push(unit('R', i, i, i, -1));
      i++;
    } else if (
      tag === 'DET' ||
      tag === 'ADJ' ||
      tag === 'NOUN' ||
      tag === 'NUM' ||
      tag === 'PROPN' ||
      (tag === 'PRON' && POSSESSIVE_DETERMINERS.has(l)) ||
      t.isDigitStart(i)
    ) {
      i = readNounPhrase(ctx, i, last, units);
    } else if (l === ',') {
      units.push(unit('C', i, i, i, -1));
      i++;
    } else if (tag === 'ADV' || tag === 'SPACE' || t.isQuote(i)) {
      // Adverbs ("also", "just") and quote marks do not change who did what.
      i++;
    } else {
      units.push(unit('X', i, i, i, -1));
      i++;
    }
  }
  markModifiers(ctx, units);
  return units;
}

/**
 * An entity glued to a bare noun phrase, or followed by 's, qualifies it rather than standing alone;
 * but a lone class noun after a name only says what the name is ("the FC Terek Grozny club", "the
 * Campeonato Brasileiro league"), and the two are one argument.
 */
function markModifiers(ctx: ChunkContext, units: Unit[]): void {
  for (let k = 0; k < units.length; k++) {
    const u = units[k];
    const next = units[k + 1];
    if (u === undefined || u.kind !== 'E' || next === undefined) continue;
    const glued = next.first === u.last + 1 && next.det === '' && next.kind === 'N';
    // Not after "a"/"an": "a TV series" is a series, not TV.
    const indefinite = ctx.tokens.low(u.first - 1) === 'a' || ctx.tokens.low(u.first - 1) === 'an';
    if (glued && !indefinite && next.first === next.last && isClassNoun(ctx.tokens.low(next.head)) && ctx.entities.isNamedMention(u.mention)) {
      u.last = next.last;
      units.splice(k + 1, 1);
      continue;
    }
    if (glued || (next.kind === 'X' && ctx.tokens.isPossessiveMark(next.first))) u.modifier = true;
  }
}

/** A noun that names a kind of organisation, place or work: "club", "league", "river", "album". */
export function isClassNoun(word: string): boolean {
  return ORG_WORDS.has(word) || PLACE_WORDS.has(word) || WORK_NOUNS.has(word);
}

function unit(kind: UnitKind, first: number, last: number, head: number, mention: number): Unit {
  return {
    kind,
    first,
    last,
    head,
    mention,
    det: '',
    copula: false,
    passive: false,
    negated: false,
    modal: false,
    modifier: false,
  };
}

/** The ")" closing a short aside opened at token `open`, or -1. */
function closingBracket(ctx: ChunkContext, open: number, last: number): number {
  const t = ctx.tokens;
  for (let j = open + 1; j <= last && j <= open + MAX_ASIDE_TOKENS + 1; j++) {
    const v = t.value(j);
    if (v === ')') return j;
    const tag = t.tag(j);
    if (v === '(' || tag === 'VERB' || tag === 'AUX') return -1;
  }
  return -1;
}

/** "was not founded", "may have been": auxiliaries, negation and the main verb as one unit. */
function readVerbGroup(ctx: ChunkContext, i: number, last: number, units: Unit[]): number {
  const t = ctx.tokens;
  const mentionAt = ctx.entities.mentionAt;
  const u = unit('V', i, i, -1, -1);
  let main = -1;
  let lastAux = -1;
  let be = false;
  let j = i;
  for (; j <= last; j++) {
    if (mentionAt[j] !== -1 || ctx.hidden[j] === 1) break;
    const tag = t.tag(j);
    const l = t.low(j);
    if (isNounAfterBe(ctx, j)) break;
    if (tag === 'VERB') main = j;
    else if (tag === 'AUX') {
      lastAux = j;
      if (BE_FORMS.has(l)) be = true;
      if (MODALS.has(l)) u.modal = true;
    } else if (tag === 'PART' && (l === 'not' || l === "n't")) u.negated = true;
    else if (tag === 'ADV' && verbFollows(ctx, j, last)) {
      if (l === 'never') u.negated = true;
    } else break;
  }
  u.last = j - 1;
  u.head = main >= 0 ? main : lastAux;
  u.copula = main < 0 && be;
  u.passive = be && main >= 0 && main > lastAux && !t.low(main).endsWith('ing');
  units.push(u);
  return j;
}

/**
 * A plural noun the tagger read as a present-tense verb: no "-s" verb form can follow "is" or "was"
 * ("its main product is drugs"), only a participle can.
 */
function isNounAfterBe(ctx: ChunkContext, j: number): boolean {
  const t = ctx.tokens;
  if (t.tag(j) !== 'VERB' || t.tag(j - 1) !== 'AUX' || !BE_FORMS.has(t.low(j - 1))) return false;
  const word = t.low(j);
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && t.lemma(j) !== word;
}

/** "north of", "to the southwest of": a compass point before "of" names a direction, whatever its tag. */
function isDirectionNoun(ctx: ChunkContext, j: number): boolean {
  const t = ctx.tokens;
  return t.low(j + 1) === 'of' && COMPASS_POINTS.has(t.low(j)) && t.tag(j) !== 'NOUN';
}

/** Whether only adverbs and particles stand between token j and the next verb. */
function verbFollows(ctx: ChunkContext, j: number, last: number): boolean {
  for (let k = j + 1; k <= last; k++) {
    const tag = ctx.tokens.tag(k);
    if (tag === 'VERB' || tag === 'AUX') return true;
    if (tag !== 'ADV' && tag !== 'PART') return false;
  }
  return false;
}

/** A noun phrase ('N'), or an adjective phrase ('A') when no noun heads it. */
function readNounPhrase(ctx: ChunkContext, i: number, last: number, units: Unit[]): number {
  const t = ctx.tokens;
  const mentionAt = ctx.entities.mentionAt;
  const u = unit('N', i, i, -1, -1);
  let j = i;
  let adjectives = 0;
  for (; j <= last; j++) {
    if (mentionAt[j] !== -1 || ctx.hidden[j] === 1) break;
    const tag = t.tag(j);
    const l = t.low(j);
    if (j === i && (tag === 'DET' || tag === 'PRON')) {
      u.det = l;
      continue;
    }
    if (tag === 'NOUN' || tag === 'PROPN' || tag === 'X' || (j === i && isNounAfterBe(ctx, j)) || isDirectionNoun(ctx, j)) u.head = j;
    // Ordinals and counts qualify the noun, whatever wink tagged them ("the 44th/PRON president").
    else if (tag === 'ADJ' || tag === 'NUM' || t.isDigitStart(j)) adjectives++;
    else if (t.isTightHyphen(j, last) && j > i) {
      j++; // take the word after the hyphen too, whatever its tag ("web-based")
      if (t.tag(j) === 'NOUN') u.head = j;
      else adjectives++;
    } else if (tag === 'ADV' && t.tag(j + 1) === 'ADJ' && j + 1 <= last) adjectives++;
    else if (tag === 'PART' && (l === "'s" || l === '’s') && u.head >= 0 && j + 1 <= last && mentionAt[j + 1] === -1) {
      // "the museum's first director" is one phrase; its head is what comes after the 's.
      u.head = -1;
    } else break;
  }
  u.last = j - 1;
  if (u.head >= 0) units.push(u);
  else if (adjectives > 0) {
    u.kind = 'A';
    u.head = u.last;
    units.push(u);
  }
  // A determiner alone ("the" before "the Panthers") adds nothing.
  return Math.max(j, i + 1);
}
