/**
 * The built-in, model-free extractor: English prose in, entities and facts out.
 *
 * wink-nlp supplies tokens, sentence boundaries, POS tags and lemmas; everything
 * else is cheap pattern matching over those tags, because the whole ingest has
 * to run at ≥ 1 MB/s on one core. The rules favour precision: a fact is only
 * stated when a recognisable pattern links two things, and sentences whose
 * entities cannot be linked get a low-confidence 'co-occurs with' edge instead.
 *
 * Three passes per chunk:
 *  1. mentions — amounts/dates, quoted titles, runs of proper nouns, acronym aliases;
 *  2. typing  — honorifics, name words and context cues vote on person/organization/place/work;
 *  3. facts   — each sentence is cut into units (entity, noun phrase, verb group,
 *               preposition, comma…) and clause patterns are matched over them.
 */
import type {
  EntityType,
  ExtractedEntity,
  ExtractedFact,
  ExtractionResult,
  Extractor,
  Span,
} from './types';
import { entityKey } from './entity-key';
import { tokenize } from './wink-nlp';
import type { TokenizedText } from './wink-nlp';

export const BUILTIN_EXTRACTOR_ID = 'builtin-wink-1';

export function createBuiltinExtractor(): Extractor {
  return {
    id: BUILTIN_EXTRACTOR_ID,
    extract(text: string): Promise<ExtractionResult> {
      try {
        return Promise.resolve(extractSync(text));
      } catch {
        // Odd input must never stop an ingest; an empty result is an honest answer.
        return Promise.resolve({ entities: [], facts: [] });
      }
    },
  };
}

export function extractSync(text: string): ExtractionResult {
  if (typeof text !== 'string' || text.trim().length === 0) return { entities: [], facts: [] };
  return new ChunkExtraction(text, tokenize(text, 'tagged')).run();
}

// ---------------------------------------------------------------------------
// Working data

type MentionKind = 'named' | 'value' | 'concept';

interface Mention {
  /** Entity draft index, or -1 for a bare number that is only ever an attribute value. */
  entity: number;
  first: number;
  last: number;
  kind: MentionKind;
}

// Score slots for the types that named entities can take.
const PERSON = 0;
const ORGANIZATION = 1;
const PLACE = 2;
const WORK = 3;
const SCORED_TYPES: readonly EntityType[] = ['person', 'organization', 'place', 'work'];

interface EntityDraft {
  key: string;
  name: string;
  kind: MentionKind;
  /** Dates, amounts and concepts are typed by how they were found, not by voting. */
  fixedType: EntityType | null;
  scores: [number, number, number, number];
  mentions: Span[];
  /** Index of the draft this one was merged into (itself when not merged). */
  parent: number;
}

type UnitKind =
  | 'E' // entity mention (named, value or concept)
  | 'N' // common noun phrase
  | 'A' // adjective phrase without a noun
  | 'V' // verb group
  | 'P' // preposition
  | 'C' // comma
  | 'J' // coordinating conjunction
  | 'R' // pronoun that can stand for an entity (who, which, he, she)
  | 'X'; // anything that ends a clause pattern

interface Unit {
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
}

interface Subject {
  entities: number[];
  pronoun: boolean;
  /** "The capital of Poland is …": the noun phrase and the entity after "of". */
  ofNoun: Unit | null;
  ofEntity: number;
}

interface Complement {
  unit: number;
  /** For "a population of 2 million": the unit after "of". */
  ofUnit: number;
}

interface PrepPhrase extends Complement {
  prep: string;
}

const NO_SUBJECT: Subject = { entities: [], pronoun: false, ofNoun: null, ofEntity: -1 };

// Confidence levels, from clear grammatical patterns down to mere proximity.
const CONF_PASSIVE_AGENT = 0.85;
const CONF_COPULA_OF = 0.85;
const CONF_ACTIVE = 0.8;
const CONF_MEASURE = 0.8;
const CONF_ALIAS = 0.9;
const CONF_APPOSITION = 0.75;
const CONF_PREP = 0.7;
const CONF_IS_A = 0.7;
const CONF_CONCEPT = 0.6;
const CONF_COOCCUR = 0.25;
const PRONOUN_FACTOR = 0.8;
const MODAL_FACTOR = 0.7;

// Longest noun phrase we turn into a predicate or a concept; longer ones are descriptions, not names.
const MAX_PHRASE_WORDS = 4;
const MAX_CONCEPT_WORDS = 3;
const MAX_QUOTED_TITLE_TOKENS = 10;
const MAX_ASIDE_TOKENS = 6;
const SAME_ENTITY = 'co-occurs with';

// ---------------------------------------------------------------------------

class ChunkExtraction {
  private readonly n: number;
  private readonly values: readonly string[];
  private readonly tags: readonly string[];
  /** Lower-cased token values, filled on first use: most tokens are never compared to a word list. */
  private readonly lows: Array<string | undefined>;
  private readonly mentionAt: Int32Array;
  /** Tokens the clause parser should ignore (the "(IBM)" of an alias). */
  private readonly hidden: Uint8Array;
  private readonly mentions: Mention[] = [];
  private readonly drafts: EntityDraft[] = [];
  private readonly byKey = new Map<string, number>();
  private readonly keyCache = new Map<string, string>();
  private readonly facts = new Map<string, ExtractedFact>();
  private readonly lemmaCache = new Map<number, string>();
  // The sentence being read in pass 3, and which entities its patterns linked.
  private sentence: Span = { start: 0, end: 0 };
  private readonly linked = new Set<number>();
  /** Confidence multiplier of the clause being read (hedged by a modal, or a pronoun subject). */
  private clauseFactor = 1;

  constructor(
    private readonly text: string,
    private readonly tok: TokenizedText,
  ) {
    this.n = tok.count;
    this.values = tok.values;
    this.tags = tok.pos;
    this.lows = new Array<string | undefined>(this.n);
    this.mentionAt = new Int32Array(this.n).fill(-1);
    this.hidden = new Uint8Array(this.n);
  }

  run(): ExtractionResult {
    const sentences = this.tok.sentences;
    for (const [first, last] of sentences) this.findValues(first, last);
    for (const [first, last] of sentences) this.findQuotedTitles(first, last);
    let previousFirstNamed = -1;
    for (const [first, last] of sentences) {
      this.findNames(first, last);
      // "… Jobs founded Apple. He …": a following he/she points at the previous sentence's subject.
      const opener = this.low(first);
      if (previousFirstNamed >= 0 && (opener === 'he' || opener === 'she')) {
        this.vote(previousFirstNamed, PERSON, 1);
      }
      previousFirstNamed = this.firstNamedIn(first, last);
    }
    this.mergeSurnames();

    let lastPerson = -1;
    for (const [first, last] of sentences) {
      const span: Span = { start: this.start(first), end: this.end(last) };
      this.factsInSentence(first, last, span, lastPerson);
      lastPerson = this.lastPersonIn(first, last, lastPerson);
    }
    return { entities: this.outputEntities(), facts: this.outputFacts() };
  }

  // ---- token accessors ------------------------------------------------------

  private low(i: number): string {
    if (i < 0 || i >= this.n) return '';
    let l = this.lows[i];
    if (l === undefined) {
      l = (this.values[i] ?? '').toLowerCase();
      this.lows[i] = l;
    }
    return l;
  }
  private tag(i: number): string {
    return this.tags[i] ?? '';
  }
  private value(i: number): string {
    return this.values[i] ?? '';
  }
  private start(i: number): number {
    return this.tok.starts[i] ?? 0;
  }
  private end(i: number): number {
    return this.tok.ends[i] ?? 0;
  }
  private located(i: number): boolean {
    return this.end(i) > this.start(i);
  }
  private surface(first: number, last: number): string {
    return this.text.slice(this.start(first), this.end(last));
  }
  private lemma(i: number): string {
    const cached = this.lemmaCache.get(i);
    if (cached !== undefined) return cached;
    const l = this.tok.lemma(i).toLowerCase();
    this.lemmaCache.set(i, l);
    return l;
  }
  private key(name: string): string {
    let k = this.keyCache.get(name);
    if (k === undefined) {
      k = entityKey(name);
      this.keyCache.set(name, k);
    }
    return k;
  }
  /** Starts with an upper-case letter; ASCII fast path, Unicode check otherwise. */
  private capitalised(i: number): boolean {
    const v = this.value(i);
    const c = v.charCodeAt(0);
    if (c >= 65 && c <= 90) return true;
    if (c < 128 || Number.isNaN(c)) return false;
    const ch = v.charAt(0);
    return ch !== ch.toLowerCase() && ch === ch.toUpperCase();
  }
  private isDigitStart(i: number): boolean {
    const c = this.value(i).charCodeAt(0);
    return c >= 48 && c <= 57;
  }
  /** Hyphen written tight between two words ("web-based"), which wink splits into three tokens. */
  private isTightHyphen(i: number, last: number): boolean {
    const v = this.value(i);
    return (
      (v === '-' || v === '–') &&
      i + 1 <= last &&
      this.start(i) === this.end(i - 1) &&
      this.end(i) === this.start(i + 1)
    );
  }

  // ---- entity drafts --------------------------------------------------------

  private canon(e: number): number {
    let d = this.drafts[e];
    while (d !== undefined && d.parent !== e) {
      e = d.parent;
      d = this.drafts[e];
    }
    return e;
  }

  private draftFor(name: string, kind: MentionKind, fixedType: EntityType | null): number {
    const key = this.key(name);
    if (key.length === 0) return -1;
    const existing = this.byKey.get(key);
    if (existing !== undefined) return this.canon(existing);
    const index = this.drafts.length;
    this.drafts.push({ key, name, kind, fixedType, scores: [0, 0, 0, 0], mentions: [], parent: index });
    this.byKey.set(key, index);
    return index;
  }

  private addMention(first: number, last: number, kind: MentionKind, entity: number): number {
    const m = this.mentions.length;
    this.mentions.push({ entity, first, last, kind });
    for (let i = first; i <= last; i++) this.mentionAt[i] = m;
    if (entity >= 0) this.drafts[entity]?.mentions.push({ start: this.start(first), end: this.end(last) });
    return m;
  }

  private vote(entity: number, slot: number, weight: number): void {
    const d = this.drafts[this.canon(entity)];
    if (d !== undefined && d.kind === 'named') d.scores[slot] = (d.scores[slot] ?? 0) + weight;
  }

  private typeOf(entity: number): EntityType {
    const d = this.drafts[this.canon(entity)];
    if (d === undefined) return 'other';
    if (d.fixedType !== null) return d.fixedType;
    let best = -1;
    let bestScore = 0;
    for (let s = 0; s < d.scores.length; s++) {
      const score = d.scores[s] ?? 0;
      if (score > bestScore) {
        best = s;
        bestScore = score;
      }
    }
    return SCORED_TYPES[best] ?? 'other';
  }

  private merge(from: number, into: number): void {
    from = this.canon(from);
    into = this.canon(into);
    if (from === into) return;
    const a = this.drafts[from];
    const b = this.drafts[into];
    if (a === undefined || b === undefined) return;
    b.mentions.push(...a.mentions);
    a.mentions = [];
    b.scores = [
      b.scores[0] + a.scores[0],
      b.scores[1] + a.scores[1],
      b.scores[2] + a.scores[2],
      b.scores[3] + a.scores[3],
    ];
    a.parent = into;
  }

  private mentionEntity(m: number): number {
    const e = this.mentions[m]?.entity ?? -1;
    return e < 0 ? -1 : this.canon(e);
  }
  private isNamedMention(m: number): boolean {
    return this.mentions[m]?.kind === 'named';
  }

  // ---- pass 1a: dates and amounts -----------------------------------------

  private findValues(first: number, last: number): void {
    for (let i = first; i <= last; i++) {
      if (this.mentionAt[i] !== -1 || !this.isDigitStart(i)) continue;
      i = this.readNumber(i, first, last);
    }
  }

  /** Reads the number phrase starting at token i; returns the last token it used. */
  private readNumber(i: number, first: number, last: number): number {
    const v = this.value(i);
    let a = i;
    let b = i;
    // "6½", "2 million", "1.5 billion"
    while (b + 1 <= last && (SCALE_WORDS.has(this.low(b + 1)) || isFraction(this.value(b + 1)))) b++;

    const ordinal = /^\d+(?:st|nd|rd|th)$/i.test(v);
    if (ordinal) {
      const next = this.low(b + 1);
      if (b + 1 <= last && (next === 'century' || next === 'centuries' || next === 'millennium')) {
        this.addValue(a, b + 1, 'date');
        return b + 1;
      }
      return b;
    }

    // Dates: "March 5, 1867", "5 March 1867", "March 1867", "1867", "the 1620s".
    const prev = a - 1 >= first ? this.low(a - 1).replace(/\.$/, '') : '';
    if (a - 1 >= first && MONTHS.has(prev) && this.mentionAt[a - 1] === -1) {
      a--;
      if (this.low(b + 1) === ',' && b + 2 <= last && isYear(this.value(b + 2))) b += 2;
      else if (b + 1 <= last && isYear(this.value(b + 1))) b++;
      this.addValue(a, b, 'date');
      return b;
    }
    if (b + 1 <= last && MONTHS.has(this.low(b + 1).replace(/\.$/, '')) && isDayNumber(v)) {
      b++;
      if (b + 1 <= last && isYear(this.value(b + 1))) b++;
      this.addValue(a, b, 'date');
      return b;
    }
    if (/^\d{3,4}s$/.test(v)) {
      this.addValue(a, b, 'date');
      return b;
    }

    // Money and percentages.
    if (a - 1 >= first && CURRENCY_SYMBOLS.has(this.low(a - 1)) && this.mentionAt[a - 1] === -1) {
      this.addValue(a - 1, b, 'quantity');
      return b;
    }
    const next = b + 1 <= last ? this.low(b + 1) : '';
    if (next === '%' || next === 'percent' || CURRENCY_WORDS.has(next)) {
      this.addValue(a, b + 1, 'quantity');
      return b + 1;
    }
    if (next === 'per' && this.low(b + 2) === 'cent' && b + 2 <= last) {
      this.addValue(a, b + 2, 'quantity');
      return b + 2;
    }

    const unit = next !== '' && this.tag(b + 1) === 'NOUN' && !this.capitalised(b + 1);
    if (a === b && isYear(v) && !(unit && next.endsWith('s'))) {
      this.addValue(a, b, 'date');
      return b;
    }
    // A count of something ("1,230 km", "308 points") is a quantity; a bare number only a value.
    if (unit) {
      this.addValue(a, b + 1, 'quantity');
      return b + 1;
    }
    this.addMention(a, b, 'value', -1);
    return b;
  }

  private addValue(first: number, last: number, type: 'date' | 'quantity'): void {
    const entity = this.draftFor(this.surface(first, last), 'value', type);
    this.addMention(first, last, 'value', entity);
  }

  // ---- pass 1b: "Quoted Titles" -------------------------------------------

  private findQuotedTitles(first: number, last: number): void {
    let open = -1;
    for (let i = first; i <= last; i++) {
      if (!QUOTES.has(this.value(i))) continue;
      if (open < 0) {
        open = i;
        continue;
      }
      const a = open + 1;
      const b = i - 1;
      const opening = open;
      open = -1;
      if (b < a || b - a + 1 > MAX_QUOTED_TITLE_TOKENS || !this.capitalised(a)) continue;
      // One quoted word is usually a term being mentioned ("Frankish"), not a title — unless "the film "Up"".
      if (a === b && !WORK_NOUNS.has(this.low(opening - 1))) continue;
      // Quoted speech contains a verb or ends a sentence; a title usually does neither.
      let title = true;
      for (let j = a; j <= b && title; j++) {
        const t = this.tag(j);
        const v = this.value(j);
        if (t === 'VERB' || t === 'AUX' || v === '.' || v === '!' || v === '?' || this.mentionAt[j] !== -1) title = false;
      }
      if (!title) continue;
      const entity = this.draftFor(this.surface(a, b), 'named', null);
      if (entity < 0) continue;
      this.vote(entity, WORK, 4);
      this.addMention(a, b, 'named', entity);
    }
  }

  // ---- pass 1c: proper names ----------------------------------------------

  private isNameToken(i: number, sentenceStart: boolean): boolean {
    if (this.mentionAt[i] !== -1 || !this.located(i) || !this.capitalised(i)) return false;
    const t = this.tag(i);
    if (sentenceStart) return t === 'PROPN' || t === 'X';
    // Mid-sentence capitals are names even when wink tags them VERB/NOUN ("Josh Norman", "Little Dot").
    return (
      t !== 'PRON' &&
      t !== 'DET' &&
      t !== 'ADP' &&
      t !== 'CCONJ' &&
      t !== 'SCONJ' &&
      t !== 'AUX' &&
      t !== 'PART' &&
      t !== 'PUNCT' &&
      t !== 'SYM' &&
      t !== 'INTJ' &&
      t !== 'SPACE' &&
      t !== 'NUM'
    );
  }

  private findNames(first: number, last: number): void {
    // The sentence start may sit behind an opening quote or bracket.
    let opener = first;
    while (opener <= last && this.tag(opener) === 'PUNCT') opener++;

    for (let i = first; i <= last; i++) {
      if (!this.isNameToken(i, i === opener)) continue;
      let b = i;
      for (;;) {
        if (b + 1 <= last && this.isNameToken(b + 1, false)) {
          b++;
          continue;
        }
        // "Île-de-France", "Anglo-Danes": wink splits at the hyphen, the name does not.
        const joined = this.hyphenatedNameEnd(b, last);
        if (joined > b) {
          b = joined;
          continue;
        }
        // Inner "of", "de", "van", "&": "Bank of America", "Vincent van Gogh", "Procter & Gamble".
        const c = this.low(b + 1);
        if (b + 2 <= last && NAME_CONNECTORS.has(c)) {
          if (this.isNameToken(b + 2, false)) {
            b += 2;
            continue;
          }
          if (c === 'of' && this.low(b + 2) === 'the' && b + 3 <= last && this.isNameToken(b + 3, false)) {
            b += 3;
            continue;
          }
        }
        break;
      }
      this.acceptName(i, b, i === opener, first, last);
      i = b;
    }
  }

  /** Last token of "-de-France" / "-Danes" after token b, or b when no capitalised part follows a tight hyphen. */
  private hyphenatedNameEnd(b: number, last: number): number {
    let j = b;
    while (j + 2 <= last && this.isTightHyphen(j + 1, last) && this.mentionAt[j + 2] === -1) {
      j += 2;
      if (this.capitalised(j)) return this.hyphenatedNameEnd(j, last);
      if (this.tag(j) === 'NUM' || !this.isTightHyphen(j + 1, last)) return b;
    }
    return b;
  }

  private acceptName(a: number, b: number, atSentenceStart: boolean, first: number, last: number): void {
    // A lone capitalised word opening a sentence and modifying a noun is a common word ("Fellow lineman …"),
    // and so is a lone "States" or "University" there.
    if (atSentenceStart && a === b) {
      const nt = this.tag(b + 1);
      if (b + 1 <= last && (nt === 'NOUN' || nt === 'ADJ' || nt === 'NUM')) return;
      const word = this.low(a);
      if (ORG_WORDS.has(word) || PLACE_WORDS.has(word) || HONORIFICS.has(word)) return;
    }
    // Demonyms and other capitalised adjectives alone are not names ("American football").
    let hasNoun = false;
    for (let j = a; j <= b; j++) {
      const t = this.tag(j);
      if (t === 'PROPN' || t === 'NOUN' || t === 'X') hasNoun = true;
    }
    if (!hasNoun) return;

    let personCue = 0;
    const title = this.low(a).replace(/\.$/, '');
    const lastWord = this.low(b);
    const hasOrgWord = ORG_WORDS.has(lastWord) || ORG_WORDS.has(this.low(a));
    const hasPlaceWord = PLACE_WORDS.has(lastWord) || PLACE_WORDS.has(this.low(a));
    // "Mr. J. R. R. Tolkien" → "J. R. R. Tolkien", a person; but "Prince Edward Island" keeps its first word.
    if (a < b && HONORIFICS.has(title) && !hasOrgWord && !hasPlaceWord) {
      a++;
      personCue = 4;
    }

    const name = this.surface(a, b);
    const entity = this.draftFor(name, 'named', null);
    if (entity < 0) return;
    this.addMention(a, b, 'named', entity);

    if (personCue > 0) this.vote(entity, PERSON, personCue);
    if (ORG_WORDS.has(lastWord)) this.vote(entity, ORGANIZATION, 4);
    else if (ORG_WORDS.has(this.low(a))) this.vote(entity, ORGANIZATION, 3);
    if (PLACE_WORDS.has(lastWord)) this.vote(entity, PLACE, 4);
    else if (PLACE_WORDS.has(this.low(a)) && a < b) this.vote(entity, PLACE, 3);
    const key = this.drafts[entity]?.key ?? '';
    if (PLACE_NAMES.has(key)) this.vote(entity, PLACE, 3);
    if (a === b && isAcronym(this.value(a))) {
      if (PLACE_ACRONYMS.has(key)) this.vote(entity, PLACE, 3);
      else this.vote(entity, ORGANIZATION, 1);
    }
    if (a < b && FIRST_NAMES.has(this.low(a))) this.vote(entity, PERSON, 2);

    // Context just before the name.
    const before = this.low(a - 1);
    if (a - 1 >= first) {
      if (ROLE_NOUNS.has(before) && !this.capitalised(a - 1)) this.vote(entity, PERSON, 2);
      if (WORK_NOUNS.has(before)) this.vote(entity, WORK, 4);
      if (before === 'of' && a - 2 >= first) {
        const noun = this.low(a - 2);
        if (noun === 'city' || noun === 'town' || noun === 'village' || noun === 'capital') this.vote(entity, PLACE, 3);
      }
    }
    // Context just after: "X was born", "X, who".
    let k = b + 1;
    if (this.low(k) === ',') k++;
    if (k <= last && this.low(k) === 'who') this.vote(entity, PERSON, 2);
    if (b + 2 <= last && BE_FORMS.has(this.low(b + 1)) && this.low(b + 2) === 'born') this.vote(entity, PERSON, 3);

    this.findAlias(entity, a, b, last);
  }

  /** "International Business Machines (IBM)": the acronym becomes another mention of the same entity. */
  private findAlias(entity: number, a: number, b: number, last: number): void {
    const open = b + 1;
    const acr = b + 2;
    const close = b + 3;
    if (close > last || this.value(open) !== '(' || this.value(close) !== ')') return;
    const alias = this.value(acr);
    if (!isAcronym(alias) || a === b) return;
    if (alias.charAt(0).toUpperCase() !== this.value(a).charAt(0).toUpperCase()) return;
    const drafted = this.drafts[entity];
    if (drafted === undefined) return;
    // Earlier mentions of the bare acronym are merged in; later ones find it through the key map.
    const aliasKey = this.key(alias);
    const earlier = this.byKey.get(aliasKey);
    if (earlier !== undefined) this.merge(earlier, entity);
    this.byKey.set(aliasKey, entity);
    this.addMention(acr, acr, 'named', entity);
    this.hidden[open] = this.hidden[acr] = this.hidden[close] = 1;
    this.vote(entity, ORGANIZATION, 1);
    this.addFact(entity, 'also known as', 'attribute', -1, alias, CONF_ALIAS, {
      start: this.sentenceStartOf(a),
      end: this.sentenceEndOf(close),
    });
  }

  private sentenceStartOf(i: number): number {
    for (const [first, last] of this.tok.sentences) if (i >= first && i <= last) return this.start(first);
    return this.start(i);
  }
  private sentenceEndOf(i: number): number {
    for (const [first, last] of this.tok.sentences) if (i >= first && i <= last) return this.end(last);
    return this.end(i);
  }

  /** The named entity a sentence opens with (its likely subject), or -1. */
  private firstNamedIn(first: number, last: number): number {
    let i = first;
    while (i <= last && (this.tag(i) === 'PUNCT' || this.tag(i) === 'DET')) i++;
    const m = this.mentionAt[i] ?? -1;
    return m >= 0 && this.isNamedMention(m) ? this.mentionEntity(m) : -1;
  }

  private lastPersonIn(first: number, last: number, fallback: number): number {
    for (let i = first; i <= last; i++) {
      const m = this.mentionAt[i] ?? -1;
      if (m >= 0 && this.isNamedMention(m)) {
        const e = this.mentionEntity(m);
        if (this.typeOf(e) === 'person') return e;
      }
    }
    return fallback;
  }

  /**
   * "Thomas Davis … Davis compiled": a lone surname joins the one full name in
   * this chunk that ends with it. Left alone when two people share the surname.
   */
  private mergeSurnames(): void {
    const fullBySurname = new Map<string, number>();
    for (let e = 0; e < this.drafts.length; e++) {
      const d = this.drafts[e];
      if (d === undefined || d.parent !== e || d.kind !== 'named' || this.typeOf(e) !== 'person') continue;
      const space = d.key.lastIndexOf(' ');
      if (space < 0) continue;
      const surname = d.key.slice(space + 1);
      fullBySurname.set(surname, fullBySurname.has(surname) ? -1 : e);
    }
    for (const [surname, full] of fullBySurname) {
      const lone = this.byKey.get(surname);
      if (full < 0 || lone === undefined || this.canon(lone) === full) continue;
      const d = this.drafts[this.canon(lone)];
      if (d !== undefined && d.kind === 'named' && this.typeOf(lone) !== 'place' && this.typeOf(lone) !== 'organization') {
        this.merge(lone, full);
      }
    }
  }

  // ---- pass 3: facts ------------------------------------------------------

  private buildUnits(first: number, last: number): Unit[] {
    const units: Unit[] = [];
    let i = first;
    while (i <= last) {
      if (this.hidden[i] === 1) {
        i++;
        continue;
      }
      // A short aside in brackets ("(1685)", "(118)") sits outside the sentence's grammar.
      if (this.value(i) === '(') {
        const close = this.closingBracket(i, last);
        if (close > 0) {
          i = close + 1;
          continue;
        }
      }
      const m = this.mentionAt[i] ?? -1;
      if (m >= 0) {
        const mention = this.mentions[m];
        const to = Math.min(mention?.last ?? i, last);
        units.push(unit('E', i, to, i, m));
        i = to + 1;
        continue;
      }
      const t = this.tag(i);
      const l = this.low(i);
      if (t === 'VERB' || t === 'AUX') {
        i = this.readVerbGroup(i, last, units);
      } else if (t === 'ADP') {
        units.push(unit('P', i, i, i, -1));
        i++;
      } else if (t === 'CCONJ') {
        units.push(unit('J', i, i, i, -1));
        i++;
      } else if (t === 'PRON' && RELATIVE_PRONOUNS.has(l)) {
        units.push(unit('R', i, i, i, -1));
        i++;
      } else if (
        t === 'DET' ||
        t === 'ADJ' ||
        t === 'NOUN' ||
        t === 'NUM' ||
        t === 'PROPN' ||
        (t === 'PRON' && POSSESSIVE_DETERMINERS.has(l))
      ) {
        i = this.readNounPhrase(i, last, units);
      } else if (l === ',') {
        units.push(unit('C', i, i, i, -1));
        i++;
      } else if (t === 'ADV' || t === 'SPACE' || QUOTES.has(this.value(i))) {
        // Adverbs ("also", "just") and quote marks do not change who did what.
        i++;
      } else {
        units.push(unit('X', i, i, i, -1));
        i++;
      }
    }
    return units;
  }

  private closingBracket(open: number, last: number): number {
    for (let j = open + 1; j <= last && j <= open + MAX_ASIDE_TOKENS + 1; j++) {
      const v = this.value(j);
      if (v === ')') return j;
      const t = this.tag(j);
      if (v === '(' || t === 'VERB' || t === 'AUX') return -1;
    }
    return -1;
  }

  private readVerbGroup(i: number, last: number, units: Unit[]): number {
    const u = unit('V', i, i, -1, -1);
    let main = -1;
    let lastAux = -1;
    let be = false;
    let j = i;
    for (; j <= last; j++) {
      if (this.mentionAt[j] !== -1 || this.hidden[j] === 1) break;
      const t = this.tag(j);
      const l = this.low(j);
      if (t === 'VERB') main = j;
      else if (t === 'AUX') {
        lastAux = j;
        if (BE_FORMS.has(l)) be = true;
        if (MODALS.has(l)) u.modal = true;
      } else if (t === 'PART' && (l === 'not' || l === "n't")) u.negated = true;
      else if (t === 'ADV' && this.verbFollows(j, last)) {
        if (l === 'never') u.negated = true;
      } else break;
    }
    u.last = j - 1;
    u.head = main >= 0 ? main : lastAux;
    u.copula = main < 0 && be;
    u.passive = be && main >= 0 && main > lastAux && !this.low(main).endsWith('ing');
    units.push(u);
    return j;
  }

  private verbFollows(j: number, last: number): boolean {
    for (let k = j + 1; k <= last; k++) {
      const t = this.tag(k);
      if (t === 'VERB' || t === 'AUX') return true;
      if (t !== 'ADV' && t !== 'PART') return false;
    }
    return false;
  }

  private readNounPhrase(i: number, last: number, units: Unit[]): number {
    const u = unit('N', i, i, -1, -1);
    let j = i;
    let adjectives = 0;
    for (; j <= last; j++) {
      if (this.mentionAt[j] !== -1 || this.hidden[j] === 1) break;
      const t = this.tag(j);
      const l = this.low(j);
      if (j === i && (t === 'DET' || t === 'PRON')) {
        u.det = l;
        continue;
      }
      if (t === 'NOUN' || t === 'PROPN' || t === 'X') u.head = j;
      else if (t === 'ADJ' || t === 'NUM') adjectives++;
      else if (this.isTightHyphen(j, last) && j > i) {
        j++; // take the word after the hyphen too, whatever its tag ("web-based")
        if (this.tag(j) === 'NOUN') u.head = j;
        else adjectives++;
      } else if (t === 'ADV' && this.tag(j + 1) === 'ADJ' && j + 1 <= last) adjectives++;
      else break;
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

  private factsInSentence(first: number, last: number, sentence: Span, lastPerson: number): void {
    const units = this.buildUnits(first, last);
    this.sentence = sentence;
    this.linked.clear();
    for (let k = 0; k < units.length; k++) {
      const u = units[k];
      if (u === undefined) continue;
      this.clauseFactor = 1;
      if (u.kind === 'V') this.clauseFacts(units, k, lastPerson);
      else if (u.kind === 'E') this.appositionFacts(units, k);
    }
    this.cooccurrenceFacts(units);
  }

  /** Records a fact from the current sentence and notes which entities it linked. */
  private emit(s: number, pred: string, kind: 'relationship' | 'attribute', o: number, value: string | null, conf: number): void {
    if (this.addFact(s, pred, kind, o, value, conf * this.clauseFactor, this.sentence) && kind === 'relationship') {
      this.linked.add(this.canon(s));
      this.linked.add(this.canon(o));
    }
  }

  /** Who is doing the verb at units[k]? Walks left over relative pronouns and parentheticals. */
  private findSubject(units: Unit[], k: number, lastPerson: number): Subject {
    let j = k - 1;
    let u = units[j];
    if (u === undefined) return NO_SUBJECT;
    let relative = false;
    if (u.kind === 'R') {
      const l = this.low(u.head);
      if (l === 'he' || l === 'she') {
        const person = this.personBefore(units, j, lastPerson);
        return person >= 0 ? { entities: [person], pronoun: true, ofNoun: null, ofEntity: -1 } : NO_SUBJECT;
      }
      if (l === 'it' || l === 'they') return NO_SUBJECT;
      // "Kurt Coleman, who led …" — the antecedent, through an apposition if there is one.
      relative = true;
      j--;
      if (units[j]?.kind === 'C') j--;
      if (units[j]?.kind === 'N' && units[j - 1]?.kind === 'C' && this.isNamedUnit(units[j - 2])) j -= 2;
    } else if (u.kind === 'C') {
      // "Warsaw, the capital of Poland, is …": jump back over an apposition.
      // A gerund after a comma ("…, reaching France") has no subject we can trust.
      const verb = units[k];
      if (verb === undefined || (this.tag(verb.first) !== 'AUX' && this.low(verb.head).endsWith('ing'))) return NO_SUBJECT;
      const p = this.appositionStart(units, j);
      if (p < 1) return NO_SUBJECT;
      j = p - 1;
    }
    u = units[j];
    if (u === undefined || u.kind !== 'E') return NO_SUBJECT;
    const before = units[j - 1];
    // An entity after a preposition is not the subject ("The capital of Poland is …"),
    // unless a relative pronoun points straight at it ("the rule of Louis XIV, who …").
    if (before?.kind === 'P' && !relative) {
      const noun = units[j - 2];
      if (this.low(before.head) === 'of' && noun?.kind === 'N') {
        return { entities: [], pronoun: false, ofNoun: noun, ofEntity: this.mentionEntity(u.mention) };
      }
      return NO_SUBJECT;
    }
    if (!this.isNamedUnit(u)) return NO_SUBJECT;
    const entities = [this.mentionEntity(u.mention)];
    // "Jobs, Wozniak and Wayne founded …"
    let t = j - 1;
    if (units[t]?.kind === 'J' && this.low(units[t]?.head ?? -1) === 'and') {
      t--;
      if (units[t]?.kind === 'C') t--;
      while (this.isNamedUnit(units[t])) {
        entities.push(this.mentionEntity(units[t]?.mention ?? -1));
        if (units[t - 1]?.kind !== 'C') break;
        t -= 2;
      }
    }
    return { entities, pronoun: false, ofNoun: null, ofEntity: -1 };
  }

  /** Index of the comma opening an apposition that ends at the comma units[close], or -1. */
  private appositionStart(units: Unit[], close: number): number {
    let t = close - 1;
    // [N|E] (P [N|E])* — a noun phrase with its prepositional tail, nothing clause-like.
    for (;;) {
      const u = units[t];
      if (u === undefined || (u.kind !== 'N' && u.kind !== 'E')) return -1;
      if (units[t - 1]?.kind === 'P') {
        t -= 2;
        continue;
      }
      break;
    }
    return units[t - 1]?.kind === 'C' ? t - 1 : -1;
  }

  /** The person a "he"/"she" at units[j] most likely means: the nearest one before it. */
  private personBefore(units: Unit[], j: number, lastPerson: number): number {
    for (let t = j - 1; t >= 0; t--) {
      const u = units[t];
      if (this.isNamedUnit(u) && this.typeOf(this.unitEntity(u)) === 'person') return this.unitEntity(u);
    }
    return lastPerson;
  }

  private isNamedUnit(u: Unit | undefined): boolean {
    return u !== undefined && u.kind === 'E' && this.isNamedMention(u.mention) && this.mentionEntity(u.mention) >= 0;
  }

  /** What follows the verb at units[k]: direct objects, then prepositional phrases. */
  private findComplements(units: Unit[], k: number): { objects: Complement[]; adjective: number; preps: PrepPhrase[] } {
    const objects: Complement[] = [];
    const preps: PrepPhrase[] = [];
    let adjective = -1;
    let j = k + 1;
    const first = units[j];
    if (first !== undefined && (first.kind === 'E' || first.kind === 'N')) {
      j = this.pushComplement(units, j, objects);
      // "discovered polonium and radium", "founded Apple, Pixar and NeXT"
      for (;;) {
        let t = j;
        if (units[t]?.kind === 'C') t++;
        if (units[t]?.kind === 'J' && this.low(units[t]?.head ?? -1) === 'and') t++;
        if (t === j || units[t]?.kind !== first.kind) break;
        j = this.pushComplement(units, t, objects);
      }
    }
    if (units[j]?.kind === 'A') adjective = j++;
    while (units[j]?.kind === 'P') {
      const prep = this.low(units[j]?.head ?? -1);
      const target = units[j + 1];
      if (target === undefined || (target.kind !== 'E' && target.kind !== 'N')) break;
      const phrase: Complement[] = [];
      j = this.pushComplement(units, j + 1, phrase);
      for (const p of phrase) preps.push({ unit: p.unit, ofUnit: p.ofUnit, prep });
    }
    return { objects, adjective, preps };
  }

  private pushComplement(units: Unit[], j: number, into: Complement[]): number {
    // "the capital of France", "a population of 2 million"
    if (units[j]?.kind === 'N' && units[j + 1]?.kind === 'P' && this.low(units[j + 1]?.head ?? -1) === 'of' && units[j + 2]?.kind === 'E') {
      into.push({ unit: j, ofUnit: j + 2 });
      return j + 3;
    }
    into.push({ unit: j, ofUnit: -1 });
    return j + 1;
  }

  private clauseFacts(units: Unit[], k: number, lastPerson: number): void {
    const verb = units[k];
    if (verb === undefined || verb.head < 0 || verb.negated) return;
    const subject = this.findSubject(units, k, lastPerson);
    if (subject.entities.length === 0 && subject.ofNoun === null) return;
    const { objects, adjective, preps } = this.findComplements(units, k);
    this.clauseFactor = (verb.modal ? MODAL_FACTOR : 1) * (subject.pronoun ? PRONOUN_FACTOR : 1);

    if (verb.copula || (this.tag(verb.head) === 'AUX' && BE_FORMS.has(this.low(verb.head)))) {
      this.copulaFacts(units, subject, objects, adjective, preps);
      return;
    }
    if (subject.ofNoun !== null) return;

    const pred = this.verbPredicate(verb.head);
    const placeVerb = PLACE_VERBS.has(this.lemma(verb.head));
    const founding = FOUNDING_VERBS.has(this.lemma(verb.head));
    const agents: number[] = [];
    if (verb.passive) {
      for (const p of preps) if (p.prep === 'by' && this.isNamedUnit(units[p.unit])) agents.push(this.unitEntity(units[p.unit]));
    }

    // Whom the event happened to: the object of an active verb, the subject of a passive one.
    let patients: number[] = subject.entities;
    if (verb.passive) {
      for (const a of agents) for (const s of subject.entities) {
        this.emit(a, pred, 'relationship', s, null, CONF_PASSIVE_AGENT);
        if (founding) this.vote(s, ORGANIZATION, 2);
      }
      if (agents.length === 0 && objects.length > 0 && DITRANSITIVE_VERBS.has(this.lemma(verb.head))) {
        // "Curie was awarded the Nobel Prize" — but not "were considered "Frankish"".
        for (const s of subject.entities) for (const o of objects) this.objectFact(s, pred, units, o);
      }
    } else if (objects.length > 0) {
      const objectEntities: number[] = [];
      for (const s of subject.entities) {
        for (const o of objects) {
          const e = this.objectFact(s, pred, units, o);
          if (e >= 0 && !objectEntities.includes(e)) objectEntities.push(e);
          if (e >= 0 && founding) this.vote(e, ORGANIZATION, 2);
        }
      }
      if (subject.entities.length > 0) patients = objectEntities;
    }

    if (subject.entities.length > 0 && this.low(verb.head) === 'born') {
      for (const s of subject.entities) this.vote(s, PERSON, 3);
    }

    for (const p of preps) {
      if (p.prep === 'by' && verb.passive) continue;
      const target = units[p.unit];
      if (target === undefined) continue;
      if (target.kind === 'N') {
        // "with a population of 2 million" → population = 2 million
        const of = units[p.ofUnit];
        if (of !== undefined && this.isValueUnit(of)) {
          for (const s of patients) this.emit(s, this.nounWords(target, 2), 'attribute', -1, this.unitText(of), CONF_MEASURE);
        }
        continue;
      }
      const predicate = `${pred} ${p.prep}`;
      if (this.isValueUnit(target)) {
        for (const s of patients) this.emit(s, predicate, 'attribute', -1, this.unitText(target), CONF_MEASURE);
      } else if (this.isNamedUnit(target)) {
        const o = this.unitEntity(target);
        if (p.prep === 'as' && this.lemma(verb.head) === 'know') {
          // "X, also known as Y" names the same thing twice.
          for (const s of subject.entities) this.emit(s, 'also known as', 'attribute', -1, this.unitText(target), CONF_PREP);
          continue;
        }
        if (placeVerb && PLACE_PREPOSITIONS.has(p.prep)) this.vote(o, PLACE, 2);
        if (p.prep === 'for' && this.lemma(verb.head) === 'work') this.vote(o, ORGANIZATION, 2);
        // A phrase after a common-noun object usually describes the noun ("a commentary on Galatians").
        for (const s of patients) if (this.drafts[s]?.kind === 'named') this.emit(s, predicate, 'relationship', o, null, CONF_PREP);
      }
    }
  }

  /** A direct object: another entity, an amount, or a common-noun concept. Returns the object entity or -1. */
  private objectFact(
    s: number,
    pred: string,
    units: Unit[],
    o: Complement,
  ): number {
    const target = units[o.unit];
    if (target === undefined) return -1;
    if (target.kind === 'E') {
      if (this.isValueUnit(target)) {
        this.emit(s, pred, 'attribute', -1, this.unitText(target), CONF_ACTIVE);
        return -1;
      }
      const e = this.unitEntity(target);
      if (e < 0) return -1;
      this.emit(s, pred, 'relationship', e, null, CONF_ACTIVE);
      return e;
    }
    const of = units[o.ofUnit];
    if (of !== undefined) {
      // "has a population of 2 million", "became the president of France"
      if (this.isValueUnit(of)) this.emit(s, this.nounWords(target, 2), 'attribute', -1, this.unitText(of), CONF_MEASURE);
      else if (this.isNamedUnit(of)) {
        this.emit(s, `${pred} ${this.phraseWords(target)} of`, 'relationship', this.unitEntity(of), null, CONF_PREP);
      }
      return -1;
    }
    // "discovered polonium": a concept only when the noun is generic, not "the team" already known from context.
    if (target.det === '' || target.det === 'a' || target.det === 'an') {
      const c = this.conceptFor(target);
      if (c >= 0) {
        this.emit(s, pred, 'relationship', c, null, CONF_CONCEPT);
        return c;
      }
    }
    return -1;
  }

  private copulaFacts(
    units: Unit[],
    subject: Subject,
    objects: Complement[],
    adjective: number,
    preps: PrepPhrase[],
  ): void {
    const first = objects[0];
    const target = first === undefined ? undefined : units[first.unit];

    // "The capital of Poland is Warsaw" / "The population of Warsaw is 1.8 million".
    if (subject.ofNoun !== null) {
      if (subject.ofEntity < 0 || target === undefined) return;
      if (this.isNamedUnit(target)) {
        this.emit(this.unitEntity(target), `is ${this.phraseWords(subject.ofNoun)} of`, 'relationship', subject.ofEntity, null, CONF_COPULA_OF);
      } else if (this.isValueUnit(target)) {
        this.emit(subject.ofEntity, this.nounWords(subject.ofNoun, 2), 'attribute', -1, this.unitText(target), CONF_MEASURE);
      }
      return;
    }
    if (subject.entities.length === 0) return;

    for (const s of subject.entities) {
      if (target !== undefined && first !== undefined) {
        if (target.kind === 'E') {
          if (this.isValueUnit(target)) {
            // "The Vistula is 1,047 km long"
            const adj = units[adjective];
            const dimension = adj === undefined ? undefined : DIMENSION_ADJECTIVES.get(this.low(adj.head));
            this.emit(s, dimension ?? 'is', 'attribute', -1, this.unitText(target), dimension !== undefined ? CONF_MEASURE : 0.5);
          } else if (this.isNamedUnit(target)) {
            this.emit(s, 'is', 'relationship', this.unitEntity(target), null, CONF_PREP);
          }
          continue;
        }
        const of = units[first.ofUnit];
        if (of !== undefined) {
          if (this.isNamedUnit(of)) {
            this.emit(s, `is ${this.phraseWords(target)} of`, 'relationship', this.unitEntity(of), null, CONF_COPULA_OF);
          } else if (this.isValueUnit(of)) {
            this.emit(s, this.nounWords(target, 2), 'attribute', -1, this.unitText(of), CONF_MEASURE);
          }
          continue;
        }
        // "Paris is the largest city in France"
        const pp = preps[0];
        const ppTarget = pp === undefined ? undefined : units[pp.unit];
        if (pp !== undefined && pp.unit === first.unit + 2 && this.isNamedUnit(ppTarget)) {
          this.emit(s, `is ${this.phraseWords(target)} ${pp.prep}`, 'relationship', this.unitEntity(ppTarget), null, CONF_COPULA_OF);
          continue;
        }
        const value = this.phraseText(target);
        if (value !== '') this.emit(s, 'is a', 'attribute', -1, value, CONF_IS_A);
        continue;
      }

      const adj = units[adjective];
      if (adj !== undefined) {
        const word = this.low(adj.head);
        const pp = preps[0];
        const ppTarget = pp === undefined ? undefined : units[pp.unit];
        if (pp !== undefined && pp.unit === adjective + 2 && this.isNamedUnit(ppTarget)) {
          // "is located in" tagged as an adjective reads as the passive verb it is; "is famous for" keeps "is".
          const pred = word.endsWith('ed') ? `${word} ${pp.prep}` : `is ${this.phraseWords(adj)} ${pp.prep}`;
          this.emit(s, pred, 'relationship', this.unitEntity(ppTarget), null, CONF_PREP);
        } else if (adj.first === adj.last && this.capitalised(adj.head)) {
          // "Curie was Polish"
          this.emit(s, 'is', 'attribute', -1, this.value(adj.head), CONF_IS_A);
        }
        continue;
      }
      // "Warsaw is in Poland"
      for (const p of preps) {
        const t = units[p.unit];
        if (this.isNamedUnit(t)) this.emit(s, `is ${p.prep}`, 'relationship', this.unitEntity(t), null, CONF_PREP);
        else if (t !== undefined && this.isValueUnit(t)) this.emit(s, `is ${p.prep}`, 'attribute', -1, this.unitText(t), CONF_PREP);
        break;
      }
    }
  }

  /** "Warsaw, the capital of Poland," and "Jared Allen, a 5-time pro bowler," */
  private appositionFacts(units: Unit[], k: number): void {
    const e = units[k];
    if (!this.isNamedUnit(e) || units[k + 1]?.kind !== 'C') return;
    const np = units[k + 2];
    if (np === undefined || np.kind !== 'N' || (np.det !== 'the' && np.det !== 'a' && np.det !== 'an')) return;
    // A comma before the entity would make this a list item ("Paris, London, the capital …").
    if (units[k - 1]?.kind === 'C') return;
    const s = this.unitEntity(e);
    const p = units[k + 3];
    const o = units[k + 4];
    if (p?.kind === 'P' && this.isNamedUnit(o)) {
      const prep = this.low(p.head);
      if (prep === 'of' || prep === 'in') {
        const target = this.unitEntity(o);
        this.emit(s, `is ${this.phraseWords(np)} ${prep}`, 'relationship', target, null, CONF_APPOSITION);
        return;
      }
    }
    const after = units[k + 3];
    if (after === undefined || after.kind === 'C' || after.kind === 'X' || after.kind === 'R') {
      const value = this.phraseText(np);
      if (value !== '') this.emit(s, 'is a', 'attribute', -1, value, CONF_APPOSITION - 0.15);
    }
  }

  /** Entities side by side in a sentence that no pattern linked still get a weak edge. */
  private cooccurrenceFacts(units: Unit[]): void {
    let previous = -1;
    for (const u of units) {
      if (!this.isNamedUnit(u)) continue;
      const e = this.unitEntity(u);
      if (this.drafts[e]?.kind !== 'named' || e === previous) continue;
      if (previous >= 0 && !(this.linked.has(previous) && this.linked.has(e))) {
        this.addFact(previous, SAME_ENTITY, 'relationship', e, null, CONF_COOCCUR, this.sentence);
      }
      previous = e;
    }
  }

  // ---- helpers for facts ----------------------------------------------------

  private unitEntity(u: Unit | undefined): number {
    return u === undefined ? -1 : this.mentionEntity(u.mention);
  }

  private isValueUnit(u: Unit): boolean {
    return u.kind === 'E' && this.mentions[u.mention]?.kind === 'value';
  }

  private unitText(u: Unit): string {
    return this.surface(u.first, u.last);
  }

  /** Content words of a noun phrase, lower-cased, for predicates like "is capital of". */
  private phraseWords(u: Unit): string {
    const words: string[] = [];
    for (let i = u.first; i <= u.last; i++) {
      const t = this.tag(i);
      if (t === 'DET' || t === 'PRON') continue;
      if (this.isTightHyphen(i, u.last) && words.length > 0) {
        words[words.length - 1] += `-${this.low(i + 1)}`;
        i++;
        continue;
      }
      words.push(this.low(i));
    }
    return words.slice(-MAX_PHRASE_WORDS).join(' ');
  }

  /** The trailing nouns of a phrase ("population", "total area" → "area"), for attribute names. */
  private nounWords(u: Unit, max: number): string {
    let a = u.last;
    while (a - 1 >= u.first && a - 1 > u.last - max && this.tag(a - 1) === 'NOUN') a--;
    const words: string[] = [];
    for (let i = a; i <= u.last; i++) words.push(this.low(i));
    return words.join(' ');
  }

  /** Surface text of a noun phrase without its determiner ("a 5-time pro bowler" → "5-time pro bowler"). */
  private phraseText(u: Unit): string {
    let a = u.first;
    const t = this.tag(a);
    if (t === 'DET' || t === 'PRON') a++;
    return a <= u.last ? this.surface(a, u.last) : '';
  }

  /** The noun compound at the end of a phrase becomes a concept entity ("radioactive elements" → "elements"). */
  private conceptFor(u: Unit): number {
    if (u.head < 0 || this.tag(u.head) !== 'NOUN') return -1;
    let a = u.head;
    while (a - 1 >= u.first && u.head - (a - 1) < MAX_CONCEPT_WORDS && this.tag(a - 1) === 'NOUN') a--;
    const existing = this.mentionAt[a] ?? -1;
    if (existing >= 0) return this.mentionEntity(existing);
    const c = this.draftFor(this.surface(a, u.head), 'concept', 'concept');
    if (c >= 0) this.addMention(a, u.head, 'concept', c);
    return c;
  }

  /**
   * Predicate verb form, chosen so active and passive sentences agree:
   * past forms become the simple past ("written" → "wrote", "founded" stays),
   * present forms become the lemma ("works" → "work").
   */
  private verbPredicate(i: number): string {
    const l = this.low(i);
    if (l === 'born') return 'born';
    if (l.endsWith('ed')) return l;
    const lemma = this.lemma(i);
    if (l !== lemma && !l.endsWith('s') && !l.endsWith('ing')) return IRREGULAR_PAST.get(lemma) ?? l;
    return lemma;
  }

  private addFact(
    subject: number,
    predicate: string,
    kind: 'relationship' | 'attribute',
    object: number,
    value: string | null,
    confidence: number,
    sentence: Span,
  ): boolean {
    if (subject < 0 || predicate === '') return false;
    const s = this.drafts[this.canon(subject)];
    if (s === undefined) return false;
    let objectKey: string | null = null;
    if (kind === 'relationship') {
      if (object < 0 || this.canon(object) === this.canon(subject)) return false;
      objectKey = this.drafts[this.canon(object)]?.key ?? null;
      if (objectKey === null) return false;
    } else if (value === null || value.trim() === '') return false;
    const id = `${s.key}\u0001${predicate}\u0001${kind}\u0001${objectKey ?? ''}\u0001${value ?? ''}`;
    const existing = this.facts.get(id);
    const rounded = Math.round(Math.min(1, Math.max(0, confidence)) * 100) / 100;
    if (existing !== undefined) {
      existing.confidence = Math.max(existing.confidence, rounded);
      return true;
    }
    this.facts.set(id, { subjectKey: s.key, predicate, kind, objectKey, value, confidence: rounded, sentence });
    return true;
  }

  // ---- output -------------------------------------------------------------------

  private outputEntities(): ExtractedEntity[] {
    const out: ExtractedEntity[] = [];
    for (let e = 0; e < this.drafts.length; e++) {
      const d = this.drafts[e];
      if (d === undefined || d.parent !== e || d.mentions.length === 0) continue;
      const mentions = d.mentions.slice().sort((x, y) => x.start - y.start);
      out.push({ name: d.name, type: this.typeOf(e), key: d.key, mentions });
    }
    return out;
  }

  private outputFacts(): ExtractedFact[] {
    // Keys may have been re-pointed by merges after a fact was recorded.
    const keyOf = new Map<string, string>();
    for (let e = 0; e < this.drafts.length; e++) {
      const d = this.drafts[e];
      if (d !== undefined && d.parent !== e) keyOf.set(d.key, this.drafts[this.canon(e)]?.key ?? d.key);
    }
    const strong = new Set<string>();
    const out: ExtractedFact[] = [];
    const seen = new Set<string>();
    for (const f of this.facts.values()) {
      const subjectKey = keyOf.get(f.subjectKey) ?? f.subjectKey;
      const objectKey = f.objectKey === null ? null : (keyOf.get(f.objectKey) ?? f.objectKey);
      if (subjectKey === objectKey) continue;
      const fact = { ...f, subjectKey, objectKey };
      if (fact.kind === 'relationship' && fact.predicate !== SAME_ENTITY) strong.add(pairId(subjectKey, objectKey ?? ''));
      out.push(fact);
    }
    // A weak co-occurrence adds nothing where a real relationship links the same pair.
    return out.filter((f) => {
      const id = `${f.subjectKey}\u0001${f.predicate}\u0001${f.objectKey ?? ''}\u0001${f.value ?? ''}`;
      if (seen.has(id)) return false;
      seen.add(id);
      if (f.predicate !== SAME_ENTITY) return true;
      const pair = pairId(f.subjectKey, f.objectKey ?? '');
      if (strong.has(pair) || seen.has(`co:${pair}`)) return false;
      seen.add(`co:${pair}`);
      return true;
    });
  }
}

// ---------------------------------------------------------------------------

function unit(kind: UnitKind, first: number, last: number, head: number, mention: number): Unit {
  return { kind, first, last, head, mention, det: '', copula: false, passive: false, negated: false, modal: false };
}

function pairId(a: string, b: string): string {
  return a < b ? `${a}\u0001${b}` : `${b}\u0001${a}`;
}

function isFraction(v: string): boolean {
  return v === '½' || v === '¼' || v === '¾' || v === '⅓' || v === '⅔';
}

function isYear(v: string): boolean {
  if (v.length !== 4) return false;
  for (let i = 0; i < 4; i++) {
    const c = v.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  const n = Number(v);
  return n >= 1000 && n <= 2099;
}

function isDayNumber(v: string): boolean {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 && n <= 31;
}

/** "IBM", "NASA", "U.S." — two to eight capitals, optionally dotted. */
function isAcronym(v: string): boolean {
  let letters = 0;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c >= 65 && c <= 90) letters++;
    else if (c !== 46 && c !== 38 && !(c >= 48 && c <= 57)) return false;
  }
  return letters >= 2 && letters <= 8;
}

// ---------------------------------------------------------------------------
// Word lists. Small on purpose: each one backs a cue that is right far more
// often than wrong in encyclopaedic prose, and none tries to be a gazetteer.

function words(list: string): ReadonlySet<string> {
  return new Set(list.split(/\s+/).filter((w) => w.length > 0));
}

const BE_FORMS = words("is are was were be been being am 's 're 'm");
const MODALS = words("may might could would should can will shall must ca wo 'd 'll");
const RELATIVE_PRONOUNS = words('who which that whom he she it they');
const POSSESSIVE_DETERMINERS = words('his her its their our my your');
const QUOTES = words('" “ ” « » „ `` \'\'');
const NAME_CONNECTORS = words('of de van von der den da di du del della la le y & bin ibn');
const SCALE_WORDS = words('hundred thousand million billion trillion');
const MONTHS = words(
  'january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec',
);
const CURRENCY_SYMBOLS = words('$ £ € ¥ ₹ ₽ ₩ ₺ us$ a$ c$ hk$ nz$');
const CURRENCY_WORDS = words(
  'dollars dollar euros euro pounds pound yen francs franc marks rupees rupee yuan renminbi pesos peso cents lira rubles roubles won',
);
const PLACE_PREPOSITIONS = words('in at from near to into across');

const HONORIFICS = words(
  'mr mrs ms miss mx dr sir dame lord lady president king queen prince princess pope emperor empress senator governor gov ' +
    'capt captain colonel col lt lieutenant sgt sergeant professor prof rev reverend bishop archbishop cardinal duke duchess ' +
    'baron baroness chancellor judge mayor sheikh sultan tsar czar rabbi imam pastor admiral marshal commander archduke earl saint',
);
const ROLE_NOUNS = words(
  'physicist chemist scientist biologist writer author poet novelist painter artist composer singer musician actor actress ' +
    'director producer philosopher mathematician economist politician founder ceo chairman chairwoman player quarterback coach ' +
    'linebacker cornerback lineman striker goalkeeper pitcher engineer inventor architect explorer historian journalist lawyer ' +
    'activist entrepreneur businessman businesswoman son daughter wife husband brother sister father mother uncle aunt cousin ' +
    'colleague student teacher pupil rapper guitarist drummer general admiral emperor theologian astronomer physician',
);
const FIRST_NAMES = words(
  'john james robert michael william david richard joseph thomas charles christopher daniel matthew anthony mark donald steven ' +
    'steve paul andrew joshua kenneth kevin brian george edward ronald timothy jason jeffrey ryan jacob gary nicholas eric ' +
    'jonathan stephen larry justin scott brandon benjamin samuel frank gregory raymond alexander patrick jack dennis jerry tyler ' +
    'aaron henry peter adam nathan walter harold kyle carl arthur gerald roger keith jeremy terry lawrence sean albert joe ethan ' +
    'jesse willie billy bruce bryan ralph roy eugene wayne louis alan juan gabriel fred philip bill bob tom tony mike jim ted ' +
    'luke kurt josh mario marie pierre isaac ludwig wolfgang johann karl friedrich hans jean francois nicolas leonardo galileo ' +
    'mary patricia jennifer linda elizabeth barbara susan jessica sarah karen nancy lisa betty margaret sandra ashley kimberly ' +
    'emily donna michelle dorothy carol amanda melissa deborah stephanie rebecca sharon laura cynthia kathleen amy angela helen ' +
    'anna brenda pamela nicole emma samantha katherine christine rachel catherine carolyn janet ruth maria heather diane julie ' +
    'joyce olivia kelly christina lauren joan evelyn judith megan cheryl andrea hannah martha jacqueline frances gloria ann ' +
    'teresa kathryn sara alice julia judy grace denise marilyn beverly danielle theresa sophia diana natalie isabella rose ada jane',
);
const ORG_WORDS = words(
  'inc inc. incorporated ltd ltd. llc plc corp corp. corporation company co. companies university college institute ' +
    'institution academy school association party council church army navy forces agency bank group society foundation fc ' +
    'club committee commission ministry department federation league union organization organisation authority board bureau ' +
    'corps court parliament congress senate assembly government administration airlines airways records press studios ' +
    'network broadcasting trust fund museum library hospital laboratory laboratories labs systems technologies industries ' +
    'holdings partners brothers band orchestra conference guild cabinet police service services enterprises motors ' +
    'railway railways',
);
const PLACE_WORDS = words(
  'river mountain mountains mount mt lake city town village island islands county province states street avenue road ocean ' +
    'sea valley bay gulf desert forest peninsula strait canyon hill hills region district square harbor harbour coast beach ' +
    'falls kingdom republic empire country continent plateau plains basin glacier volcano cape creek canal peak airport ' +
    'borough prefecture oblast parish territory',
);
const PLACE_ACRONYMS = words('us usa uk uae ussr prc drc nyc dc');
const PLACE_NAMES = words(
  'afghanistan albania algeria argentina armenia australia austria bangladesh belgium bolivia brazil bulgaria cambodia ' +
    'cameroon canada chile china colombia croatia cuba cyprus czechia denmark ecuador egypt england estonia ethiopia finland ' +
    'france germany ghana greece hungary iceland india indonesia iran iraq ireland israel italy jamaica japan kenya korea ' +
    'latvia lebanon libya lithuania luxembourg malaysia mexico mongolia morocco nepal netherlands nigeria norway pakistan ' +
    'peru philippines poland portugal romania russia scotland serbia singapore slovakia slovenia somalia spain sudan sweden ' +
    'switzerland syria taiwan tanzania thailand tunisia turkey uganda ukraine uruguay venezuela vietnam wales yemen zimbabwe ' +
    'europe asia africa antarctica america oceania britain prussia bavaria california texas london paris berlin rome madrid ' +
    'moscow beijing tokyo warsaw vienna amsterdam brussels cairo delhi chicago boston',
);
const WORK_NOUNS = words(
  'book novel film movie album song single poem play opera painting series show novella magazine newspaper journal ' +
    'documentary musical symphony essay game episode sitcom',
);
// Verbs whose "in/at/from X" names a place.
const PLACE_VERBS = words(
  'bear live locate situate base move die raise grow settle emigrate immigrate arrive return travel headquarter bury ' +
    'station reside flee lie flow border',
);
const FOUNDING_VERBS = words('found co-found establish incorporate');
// Verbs whose passive still takes an object: "was awarded the prize".
const DITRANSITIVE_VERBS = words('award give grant offer present deny promise send show teach lend');
const DIMENSION_ADJECTIVES: ReadonlyMap<string, string> = new Map([
  ['long', 'length'],
  ['wide', 'width'],
  ['high', 'height'],
  ['tall', 'height'],
  ['deep', 'depth'],
  ['old', 'age'],
  ['thick', 'thickness'],
]);
const IRREGULAR_PAST: ReadonlyMap<string, string> = new Map(
  (
    'write:wrote give:gave take:took begin:began become:became build:built make:made win:won sell:sold buy:bought ' +
    'teach:taught find:found leave:left hold:held know:knew see:saw speak:spoke choose:chose draw:drew grow:grew ' +
    'rise:rose run:ran sing:sang fight:fought bring:brought think:thought lose:lost meet:met send:sent spend:spent ' +
    'tell:told say:said get:got come:came go:went do:did have:had keep:kept stand:stood strike:struck throw:threw ' +
    'drive:drove eat:ate fall:fell fly:flew ride:rode wear:wore beat:beat set:set put:put cut:cut let:let hit:hit ' +
    'read:read feed:fed seek:sought shoot:shot lend:lent light:lit overthrow:overthrew withdraw:withdrew forbid:forbade ' +
    'sink:sank swim:swam steal:stole break:broke forget:forgot freeze:froze hide:hid shake:shook bear:bore ' +
    'undertake:undertook arise:arose bind:bound deal:dealt dig:dug feel:felt hang:hung hear:heard lay:laid lead:led ' +
    'mean:meant pay:paid sit:sat sleep:slept spin:spun split:split spread:spread stick:stuck swear:swore tear:tore ' +
    'understand:understood wake:woke wind:wound withhold:withheld rebuild:rebuilt rewrite:rewrote show:showed ' +
    'blow:blew slay:slew shine:shone forsake:forsook'
  )
    .split(' ')
    .map((pair) => pair.split(':') as [string, string]),
);
