/**
 * Pass 1c: proper names — runs of capitalised tokens, glued across "of",
 * hyphens and possessives where the name itself spans them, and filtered for
 * the capitalised common words that open sentences.
 */
import type { ChunkContext } from './chunk-context';
import { findAlias } from './aliases';
import { PERSON } from './entity-table';
import { voteNameType } from './entity-typing';
import { singularGuesses } from './plural-nouns';
import { withoutDot } from './value-patterns';
import { FIRST_NAMES, HONORIFICS, NAME_CONNECTORS, ORG_WORDS, PLACE_WORDS, ROLE_NOUNS, STREET_WORDS } from './word-lists';

const NAME_FINAL_PLACE_WORDS = new Set(['county', 'river', 'province', 'parish', 'township', 'borough']);
// A capitalised determiner inside a sentence opens a name when one follows ("All India Radio", "No Doubt").
const NAME_DETERMINERS = new Set(['all', 'no', 'every', 'some', 'each']);
const DEMONYM_ENDING = /(?:an|ese|ish|ic|ist|i)$/;
const PLURAL_ENDING = /[^su]s$/;
const COMMON_NOUN_ENDING = /(?:tion|sion|ment|ness|ity|ism|ance|ence|ers|ists|ure|ing|ship|ogy)$/;

export function findNames(ctx: ChunkContext, first: number, last: number): void {
  const t = ctx.tokens;
  // The sentence start may sit behind an opening quote or bracket.
  let opener = first;
  while (opener <= last && t.tag(opener) === 'PUNCT') opener++;

  for (let i = first; i <= last; i++) {
    // Only a capitalised word can open a name, so only its line is looked at (this loop sees every token).
    const starts = i === opener || (t.capitalised(i) && startsLine(ctx, i));
    if (!isNameToken(ctx, i, starts)) continue;
    let b = runEnd(ctx, i, last);
    // "Cumberland county", "the Ganges river": the class word is part of the name even written small.
    if (b + 1 <= last && NAME_FINAL_PLACE_WORDS.has(t.low(b + 1)) && ctx.entities.mentionAt[b + 1] === -1) b++;
    // "Workers' Party", "People's Republic of China", "St John's College": a possessive
    // inside an organisation or place name, told apart by the word the name ends with.
    if (t.isPossessiveMark(b + 1) && b + 2 <= last && isNameToken(ctx, b + 2, false)) {
      const c = runEnd(ctx, b + 2, last);
      const head = t.low(c);
      if (ORG_WORDS.has(head) || PLACE_WORDS.has(head)) b = c;
    }
    acceptName(ctx, i, b, starts, first, last);
    i = b;
  }
}

// What may stand before the first word of a line without being a word: list markers, numbering, heading marks.
const LINE_MARKS = /[ \t\-*•#>.)\d]/u;
const MARKS = /[-*•#>|\d]/u;

/**
 * How token i opens a line, if it does: 'marked' after a list marker, a heading mark or a table
 * cell's bar ("- Use white vinegar", "| Espresso machine backflush |"), 'plain' at a line's start.
 * A line's first word is capitalised as a sentence's is, though the sentence splitter, finding no
 * full stop, runs the lines together.
 */
function lineStart(ctx: ChunkContext, i: number): 'marked' | 'plain' | null {
  const text = ctx.tokens.text;
  let marked = false;
  for (let at = ctx.tokens.start(i) - 1; at >= 0; at--) {
    const c = text[at] ?? '';
    if (c === '|') return 'marked';
    if (c === '\n') return marked ? 'marked' : 'plain';
    if (!LINE_MARKS.test(c)) return null;
    if (MARKS.test(c)) marked = true;
  }
  return marked ? 'marked' : 'plain';
}

const startsLine = (ctx: ChunkContext, i: number): boolean => lineStart(ctx, i) !== null;

function isNameToken(ctx: ChunkContext, i: number, sentenceStart: boolean): boolean {
  const t = ctx.tokens;
  if (ctx.entities.mentionAt[i] !== -1 || !t.located(i) || !t.capitalised(i)) return false;
  const tag = t.tag(i);
  if (sentenceStart) return tag === 'PROPN' || tag === 'X';
  if (tag === 'DET') return NAME_DETERMINERS.has(t.low(i)) && isNameToken(ctx, i + 1, false) && t.tag(i + 1) === 'PROPN';
  // Mid-sentence capitals are names even when wink tags them VERB/NOUN ("Josh Norman", "Little Dot").
  return (
    tag !== 'PRON' &&
    tag !== 'DET' &&
    tag !== 'ADP' &&
    tag !== 'CCONJ' &&
    tag !== 'SCONJ' &&
    tag !== 'AUX' &&
    tag !== 'PART' &&
    tag !== 'PUNCT' &&
    tag !== 'SYM' &&
    tag !== 'INTJ' &&
    tag !== 'SPACE' &&
    tag !== 'NUM'
  );
}

/** Whether the run i..b already joins its words with an inner "of". */
function hasInnerOf(ctx: ChunkContext, i: number, b: number): boolean {
  for (let j = i + 1; j < b; j++) if (ctx.tokens.low(j) === 'of') return true;
  return false;
}

/**
 * Whether tokens i..b read as a person's full name: a first name and more, with no title, place or
 * organisation word among them ("Mary Queen of Scots" and "Bank of America" go on across "of").
 */
function isPersonName(ctx: ChunkContext, i: number, b: number): boolean {
  const t = ctx.tokens;
  if (b <= i || !FIRST_NAMES.has(t.low(i))) return false;
  for (let j = i; j <= b; j++) {
    const word = t.low(j);
    if (HONORIFICS.has(word) || ORG_WORDS.has(word) || PLACE_WORDS.has(word)) return false;
  }
  return true;
}

/** Last token of the proper-noun run that starts at token i. */
function runEnd(ctx: ChunkContext, i: number, last: number): number {
  const t = ctx.tokens;
  let b = i;
  for (;;) {
    // wink cuts words at letters outside Latin-1 ("Gda|ń|sk"); the pieces touch, so glue them back.
    if (b + 1 <= last && t.start(b + 1) === t.end(b) && t.isLetterStart(b + 1) && ctx.entities.mentionAt[b + 1] === -1) {
      b++;
      continue;
    }
    if (b + 1 <= last && isNameToken(ctx, b + 1, false)) {
      b++;
      continue;
    }
    // "Île-de-France", "Anglo-Danes": wink splits at the hyphen, the name does not.
    const joined = hyphenatedNameEnd(ctx, b, last);
    if (joined > b) {
      b = joined;
      continue;
    }
    // "Jung Eun-ji", "Lee Myung-bak": a given name's last syllable, written small after a hyphen; a
    // word ("United States-led", "Obama-era") is no syllable.
    if (b > i && t.isTightHyphen(b + 1, last) && isNameSyllable(ctx, b + 2, last)) {
      b += 2;
      continue;
    }
    // Inner "of", "de", "van", "&": "Bank of America", "Vincent van Gogh", "Procter & Gamble";
    // "for" after an organisation word ("Council for Technical Education"); "and" inside an
    // "X of Y" name ("College of William and Mary").
    const c = t.low(b + 1);
    // "Adam Duritz of Counting Crows": a person's full name, then where they belong; two names.
    if (c === 'of' && isPersonName(ctx, i, b)) return b;
    const joins = NAME_CONNECTORS.has(c) || (c === 'for' && ORG_WORDS.has(t.low(b))) || (c === 'and' && hasInnerOf(ctx, i, b));
    if (b + 2 <= last && joins) {
      if (isNameToken(ctx, b + 2, false)) {
        b += 2;
        continue;
      }
      if (c === 'of' && t.low(b + 2) === 'the' && b + 3 <= last && isNameToken(ctx, b + 3, false)) {
        b += 3;
        continue;
      }
    }
    return b;
  }
}

/** Whether token j is two to four small letters that are no English word. */
function isNameSyllable(ctx: ChunkContext, j: number, last: number): boolean {
  const t = ctx.tokens;
  if (j > last || ctx.entities.mentionAt[j] !== -1 || t.capitalised(j)) return false;
  const word = t.value(j);
  return /^\p{Ll}{2,4}$/u.test(word) && !t.isKnownWord(word);
}

/** Last token of "-de-France" / "-Danes" after token b, or b when no capitalised part follows a tight hyphen. */
function hyphenatedNameEnd(ctx: ChunkContext, b: number, last: number): number {
  const t = ctx.tokens;
  let j = b;
  while (j + 2 <= last && t.isTightHyphen(j + 1, last) && ctx.entities.mentionAt[j + 2] === -1) {
    j += 2;
    if (t.capitalised(j)) return hyphenatedNameEnd(ctx, j, last);
    if (t.tag(j) === 'NUM' || !t.isTightHyphen(j + 1, last)) return b;
  }
  return b;
}

/** Records tokens a..b as a name unless they are a capitalised common word; types it and looks for an alias. */
function acceptName(ctx: ChunkContext, a: number, b: number, atSentenceStart: boolean, first: number, last: number): void {
  if (!isName(ctx, a, b, atSentenceStart, last)) return;
  const { tokens: t, entities } = ctx;

  let personCue = 0;
  const title = withoutDot(t.low(a));
  const lastWord = t.low(b);
  const hasOrgWord = ORG_WORDS.has(lastWord) || ORG_WORDS.has(t.low(a));
  const hasPlaceWord = PLACE_WORDS.has(lastWord) || PLACE_WORDS.has(t.low(a));
  // "Mr. J. R. R. Tolkien" → "J. R. R. Tolkien", a person; but "Prince Edward Island" keeps its first word.
  if (a < b && HONORIFICS.has(title) && !hasOrgWord && !hasPlaceWord && t.capitalised(a + 1)) {
    // The title belongs to the name it introduces: left alone it would read as a noun of its own ("is Dr.").
    ctx.hidden[a] = 1;
    a++;
    personCue = 4;
  } else if (a + 1 < b && FIRST_NAMES.has(t.low(a + 1)) && isDemonym(ctx, a)) {
    // "American Alan Shepard": a nationality before a first name describes the person, it is no part of the name.
    a++;
    personCue = 2;
  } else if (a < b && atSentenceStart && ROLE_NOUNS.has(title)) {
    // "Economist Joseph Stiglitz …": a job title capitalised only because it opens the sentence.
    a++;
    personCue = 2;
  }

  // "the Hall", "the Institute": a capitalised class noun standing for the name said before that ends with it.
  if (a === b && t.low(a - 1) === 'the' && isClassWord(t.low(a))) {
    const earlier = lastNameEndingWith(ctx, t.low(a), a);
    if (earlier >= 0) {
      entities.addMention(a, b, 'named', earlier);
      return;
    }
  }
  // "101 Ukrop Way": the house number the value pass left to the street name.
  if (a - 1 >= first && t.isDigitStart(a - 1) && entities.mentionAt[a - 1] === -1 && STREET_WORDS.has(t.low(b))) a--;
  const entity = entities.draftFor(t.surface(a, b), 'named', null);
  if (entity < 0) return;
  entities.addMention(a, b, 'named', entity);
  if (a < b) ctx.surnames.add(t.low(b));

  if (personCue > 0) entities.vote(entity, PERSON, personCue);
  voteNameType(ctx, entity, a, b, first, last);
  findAlias(ctx, entity, a, b, first, last);
}

/** False for capitalised words that are not names: sentence-opening common words, lone demonyms. */
function isName(ctx: ChunkContext, a: number, b: number, atSentenceStart: boolean, last: number): boolean {
  const t = ctx.tokens;
  // A lone capitalised word opening a sentence and modifying a noun is a common word ("Fellow lineman …"),
  // and so is a lone "States" or "University" there.
  if (atSentenceStart && a === b) {
    const nt = t.tag(b + 1);
    if (b + 1 <= last && (nt === 'NOUN' || nt === 'ADJ' || nt === 'NUM')) return false;
    const word = t.low(a);
    if (ORG_WORDS.has(word) || PLACE_WORDS.has(word) || HONORIFICS.has(word)) return false;
    // "Consolidation gave …": an everyday abstract noun wink tagged as a name because it was capitalised.
    if (COMMON_NOUN_ENDING.test(word) && t.isKnownWord(word)) return false;
    // "Nearby, …" opens with an everyday word set off by a comma; "Teams from …" with a plural
    // noun. Both may still be a surname this chunk already used ("Gates founded …").
    if ((t.value(b + 1) === ',' || PLURAL_ENDING.test(word)) && t.isKnownWord(word) && !ctx.surnames.has(word)) {
      return false;
    }
    // "Owner: Priya Shah", "| Task | When |", "## Bakers": an everyday word (or its plural) that labels
    // a line or a cell on its own; "- Clean and sanitise …", "| End of production |": one that opens
    // a list item or a cell with a phrase of everyday words.
    const alone = b + 1 > last || !/[\p{L}\p{N}]/u.test(t.value(b + 1)) || startsLine(ctx, b + 1);
    const opensItem = lineStart(ctx, a) === 'marked' && b + 1 <= last && !t.capitalised(b + 1);
    if ((alone || opensItem) && !ctx.surnames.has(word) && [word, ...singularGuesses(word)].some((w) => t.isKnownWord(w))) return false;
  }
  // "HARBOUR LANE", "ESPRESSO MACHINE": everyday words in capitals are a heading or a warning. One
  // such word alone may be an acronym ("NASA", "US").
  let shouted = a < b;
  for (let j = a; j <= b && shouted; j++) {
    const value = t.value(j);
    shouted = value.length >= 4 && /^\p{Lu}+$/u.test(value) && t.isKnownWord(value.toLowerCase());
  }
  if (shouted) return false;
  // Demonyms and other capitalised adjectives alone are not names ("American football"); capitalised
  // words read as verbs mid-sentence are one when there are several ("Counting Crows").
  let hasNoun = false;
  for (let j = a; j <= b; j++) {
    const tag = t.tag(j);
    if (tag === 'PROPN' || tag === 'NOUN' || tag === 'X' || (tag === 'VERB' && a < b && !atSentenceStart)) hasNoun = true;
  }
  if (!hasNoun) return false;
  // "an American technology company", "Communist troops": a lone demonym qualifying a noun;
  // "an American", "a Republican": one used as a common noun.
  if (a === b && !atSentenceStart && DEMONYM_ENDING.test(t.value(a))) {
    const nt = t.tag(b + 1);
    if ((nt === 'NOUN' || nt === 'ADJ') && !t.capitalised(b + 1)) return false;
    const before = t.low(a - 1);
    if (before === 'a' || before === 'an') return false;
  }
  return true;
}

/** "American", "Polish": a capitalised everyday adjective of nationality, not itself a first name ("Brian"). */
function isDemonym(ctx: ChunkContext, i: number): boolean {
  const word = ctx.tokens.low(i);
  return DEMONYM_ENDING.test(word) && !FIRST_NAMES.has(word) && ctx.tokens.isKnownWord(word);
}

const isClassWord = (word: string): boolean => ORG_WORDS.has(word) || PLACE_WORDS.has(word);

/** The entity of the last multi-word name before token `before` whose last word is `word`, or -1. */
function lastNameEndingWith(ctx: ChunkContext, word: string, before: number): number {
  const { tokens: t, entities } = ctx;
  for (let m = entities.mentions.length - 1; m >= 0; m--) {
    const mention = entities.mentions[m];
    if (mention === undefined || mention.kind !== 'named' || mention.last >= before || mention.first === mention.last) continue;
    if (t.low(mention.last) === word) return entities.mentionEntity(m);
  }
  return -1;
}
