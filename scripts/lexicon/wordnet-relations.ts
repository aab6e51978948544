/**
 * WordNet relatives per analysed term, from the dict files of WordNet (data.noun, data.verb,
 * data.adj, data.adv and index.sense; format in wndb(5)).
 *
 * A word's relatives are the other lemmas of its synsets ("Alaska" → "AK", "Last Frontier"),
 * the words its derivational and pertainym pointers name ("quickly" → "quick"), the heads of
 * similar adjectives, and the lemmas of its nouns' hypernyms ("laptop" → "portable computer").
 * Each is weighted by how often the word is used in that sense: WordNet's tagged-sense counts,
 * smoothed, relative to the word's most used sense; so "keep" (hold on to) outweighs "keep"
 * (the castle tower); and by how common the word is among those with its stem, so "deposition"
 * (removal from office) counts less than "deposit" under their common stem. Only one-word lemmas
 * get entries under their term: "out of keeping" analyses to "keep" but means "unfit". A lemma of
 * two terms gets its synonyms under its phrase key ("fish tank" → "aquarium"). Phrase lemmas are kept
 * as relatives with all their terms.
 */
import { phraseKey, type RelatedEntry } from '../../src/adapters/lexicon/lexicon-format';

export type WordnetFile = 'n' | 'v' | 'a' | 'r';

export interface Pointer {
  symbol: string;
  target: string;
  /** 1-based word numbers for a lexical pointer; 0 for a semantic one (whole synsets). */
  sourceWord: number;
  targetWord: number;
}

export interface Synset {
  id: string;
  file: WordnetFile;
  words: string[];
  pointers: Pointer[];
}

/** How much a relation counts beside a synonym. */
const RELATION_WEIGHT: Record<string, number> = {
  '+': 0.8, // derivationally related form
  '\\': 0.8, // pertainym (adverb → adjective, adjective → noun)
  '&': 0.8, // similar to (satellite adjective → head)
  '@': 0.5, // hypernym
  '@i': 0.5, // instance hypernym
};
/** The most senses (synsets) a phrase's synonym may have, over every part of speech. */
const PHRASE_SYNONYM_SENSES = 3;
/** Hypernyms only of nouns: verbs' are too general ("keep" → "have"). */
const HYPERNYM_FILES: ReadonlySet<WordnetFile> = new Set(['n']);

export interface RelationOptions {
  analyse: (text: string) => string[];
  /** Terms that get an entry (e.g. those general English uses). */
  keep: (term: string) => boolean;
  /** Lower is more common; orders equally weighted relatives. */
  commonness: (term: string) => number;
  /** A lower-case word's share of running text, above zero. */
  wordShare: (word: string) => number;
  minWeight: number;
  maxPerTerm: number;
}

const FILE_OF_SS_TYPE: Record<string, WordnetFile> = { '1': 'n', '2': 'v', '3': 'a', '4': 'r', '5': 'a' };
const FILE_OF_POS: Record<string, WordnetFile> = { n: 'n', v: 'v', a: 'a', s: 'a', r: 'r' };

/** One line of a data.* file; null for the licence header. */
export function parseDataLine(line: string, file: WordnetFile): Synset | null {
  if (line.length === 0 || line.startsWith(' ')) return null;
  const fields = line.slice(0, line.indexOf(' | ') >= 0 ? line.indexOf(' | ') : undefined).trim().split(' ');
  let i = 3;
  const wordCount = parseInt(fields[i++] ?? '0', 16);
  const words: string[] = [];
  for (let w = 0; w < wordCount; w++) {
    words.push(lemmaText(fields[i] ?? ''));
    i += 2;
  }
  const pointerCount = parseInt(fields[i++] ?? '0', 10);
  const pointers: Pointer[] = [];
  for (let p = 0; p < pointerCount; p++) {
    const [symbol = '', offset = '', pos = '', st = '0000'] = fields.slice(i, i + 4);
    pointers.push({ symbol, target: `${FILE_OF_POS[pos] ?? pos}${offset}`, sourceWord: parseInt(st.slice(0, 2), 16), targetWord: parseInt(st.slice(2), 16) });
    i += 4;
  }
  return { id: `${file}${fields[0]}`, file, words, pointers };
}

/** "Last_Frontier" → "Last Frontier"; adjectives' syntactic markers ("galore(ip)") dropped. */
function lemmaText(word: string): string {
  return word.replace(/\([a-z]+\)$/, '').replace(/_/g, ' ');
}

/** index.sense → tagged-use count per (lower-case lemma, synset). */
export function parseSenseCounts(lines: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of lines) {
    const [key, offset, , count] = line.split(' ');
    if (!key || !offset || count === undefined) continue;
    const [lemma = '', rest = ''] = key.split('%');
    const file = FILE_OF_SS_TYPE[rest.charAt(0)];
    if (file) counts.set(senseKey(lemma.replace(/_/g, ' '), `${file}${offset}`), Number(count));
  }
  return counts;
}

function senseKey(lemma: string, synset: string): string {
  return `${lemma.toLowerCase()}|${synset}`;
}

/** Every kept term's relatives, best first, at most `maxPerTerm`, none below `minWeight`. */
export function wordnetRelations(synsets: readonly Synset[], senseCounts: ReadonlyMap<string, number>, options: RelationOptions): Map<string, RelatedEntry[]> {
  const byId = new Map(synsets.map((s) => [s.id, s]));
  const analysed = new Map<string, string[]>();
  const terms = (lemma: string): string[] => {
    let t = analysed.get(lemma);
    if (!t) analysed.set(lemma, (t = options.analyse(lemma)));
    return t;
  };
  const senseWeight = senseWeights(synsets, senseCounts);
  const wordWeight = shareWithinTerm(synsets, terms, options.wordShare);
  const senses = sensesOfTerms(synsets, terms);
  const found = new Map<string, Map<string, number>>();
  const add = ({ key, parts }: Key, target: string[], weight: number): void => {
    // A relative holding the word says nothing the word does not; for a phrase, one of its own words
    // alone ("tank" for "fish tank") says nothing either, but "disk drive" for "hard drive" does.
    const own = parts.length === 1 ? target.includes(key) : target.every((t) => parts.includes(t));
    if (target.length === 0 || own || weight < options.minWeight) return;
    let relatives = found.get(key);
    if (!relatives) found.set(key, (relatives = new Map()));
    const id = target.join(' ');
    relatives.set(id, Math.max(relatives.get(id) ?? 0, weight));
  };

  for (const synset of synsets) {
    synset.words.forEach((word, w) => {
      const key = keyOf(word, terms(word), options);
      if (key === null) return;
      const weight = (senseWeight.get(senseKey(word, synset.id)) ?? 1) * (wordWeight.get(word.toLowerCase()) ?? 1);
      if (key.parts.length > 1) {
        // A phrase's synonym stands for it only where the synonym seldom means anything else:
        // "human body" is also "form" and "frame", "car rental" is "u-drive" (the term "drive").
        // Its hypernyms are too general to stand for it ("phone number" → "signal").
        for (const other of synset.words) {
          const target = terms(other);
          if (other !== word && (senses.get(target.join(' ')) ?? 0) <= PHRASE_SYNONYM_SENSES) add(key, target, weight * (senseWeight.get(senseKey(other, synset.id)) ?? 1));
        }
        return;
      }
      for (const other of synset.words) if (other !== word) add(key, terms(other), weight);
      for (const pointer of synset.pointers) {
        const factor = RELATION_WEIGHT[pointer.symbol];
        const target = byId.get(pointer.target);
        if (factor === undefined || !target) continue;
        if ((pointer.symbol === '@' || pointer.symbol === '@i') && !HYPERNYM_FILES.has(synset.file)) continue;
        if (pointer.sourceWord !== 0 && pointer.sourceWord !== w + 1) continue;
        const targets = pointer.targetWord === 0 ? target.words : [target.words[pointer.targetWord - 1] ?? ''];
        for (const t of targets) add(key, terms(t), weight * factor);
      }
    });
  }

  const result = new Map<string, RelatedEntry[]>();
  for (const [key, relatives] of found) {
    const entries = [...relatives].map(([id, weight]) => ({ terms: id.split(' '), weight }));
    entries.sort((a, b) => b.weight - a.weight || rarity(a.terms, options) - rarity(b.terms, options) || a.terms.join(' ').localeCompare(b.terms.join(' ')));
    result.set(key, entries.slice(0, options.maxPerTerm));
  }
  return result;
}

interface Key {
  key: string;
  /** The terms it stands for. */
  parts: readonly string[];
}

/**
 * The key a lemma's relatives are kept under: its one term, or for a lemma of two words that
 * analyse to two terms, the phrase's key ("fish tank" → aquarium, which neither "fish" nor "tank"
 * means alone). Longer lemmas get none.
 */
function keyOf(word: string, own: readonly string[], options: RelationOptions): Key | null {
  const [first, second] = own;
  if (own.length === 1 && first !== undefined && !word.includes(' ')) return options.keep(first) ? { key: first, parts: own } : null;
  // A name's words ("Customs Service") are not the phrase they analyse to ("customer service"); "ZIP code" is no name.
  const phrase = /[ -]/u.test(word) && !word.split(/[ -]/u).every((w) => /^\p{Lu}/u.test(w));
  if (phrase && own.length === 2 && first !== undefined && second !== undefined && first !== second) return { key: phraseKey(first, second), parts: own };
  return null;
}

/** Analysed lemma (its terms joined by a space) → how many synsets hold a lemma analysed so. */
function sensesOfTerms(synsets: readonly Synset[], terms: (lemma: string) => string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const synset of synsets) {
    for (const id of new Set(synset.words.map((word) => terms(word).join(' ')))) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/** A phrase is as rare as its rarest term. */
function rarity(terms: readonly string[], options: RelationOptions): number {
  return Math.max(...terms.map(options.commonness));
}

/** Lower-case one-word lemma → its share of running text relative to the most common lemma with the same term. */
function shareWithinTerm(synsets: readonly Synset[], terms: (lemma: string) => string[], wordShare: (word: string) => number): Map<string, number> {
  const lemmas = new Set<string>();
  for (const synset of synsets) for (const word of synset.words) if (!word.includes(' ')) lemmas.add(word.toLowerCase());
  const byTerm = new Map<string, string[]>();
  for (const lemma of lemmas) {
    const own = terms(lemma);
    if (own.length !== 1) continue;
    const group = byTerm.get(own[0]!);
    if (group) group.push(lemma);
    else byTerm.set(own[0]!, [lemma]);
  }
  const weights = new Map<string, number>();
  for (const group of byTerm.values()) {
    const shares = group.map(wordShare);
    const most = Math.max(...shares);
    group.forEach((lemma, i) => weights.set(lemma, shares[i]! / most));
  }
  return weights;
}

/**
 * (lemma, synset) → (uses + 1) / (uses of the lemma's most used sense + 1), over all parts of
 * speech: a lemma with no tagged uses weighs all its senses equally.
 */
function senseWeights(synsets: readonly Synset[], counts: ReadonlyMap<string, number>): Map<string, number> {
  const most = new Map<string, number>();
  for (const synset of synsets) {
    for (const word of synset.words) {
      const lemma = word.toLowerCase();
      most.set(lemma, Math.max(most.get(lemma) ?? 0, counts.get(senseKey(word, synset.id)) ?? 0));
    }
  }
  const weights = new Map<string, number>();
  for (const synset of synsets) {
    for (const word of synset.words) {
      const key = senseKey(word, synset.id);
      weights.set(key, ((counts.get(key) ?? 0) + 1) / ((most.get(word.toLowerCase()) ?? 0) + 1));
    }
  }
  return weights;
}
