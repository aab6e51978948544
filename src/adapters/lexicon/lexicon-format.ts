/**
 * The lexicon file (resources/lexicon.json.gz), written by scripts/build-lexicon.mjs and read by
 * lexicon-file.ts: one gzipped JSON object keyed by analysed terms (text/analyze.ts).
 *
 * Related terms are kept as one string per key ("ak:1 last_frontier:1") rather than arrays of
 * arrays: tens of thousands of small arrays cost far more heap than the same strings, and a query
 * decodes only the few keys it asks about.
 */
export const LEXICON_FORMAT = 'knowledge-desk-lexicon/6';

export interface LexiconData {
  format: typeof LEXICON_FORMAT;
  /** How the file was made: sources and constants, for people reading it. */
  about: Record<string, string | number>;
  /** Term → general-English IDF prior (see scripts/lexicon/zipf-prior.ts). */
  prior: Record<string, number>;
  /** The passage IDF that a prior of 1 stands for (the vocabulary's rarest word). */
  priorIdf: number;
  /** Term, or two-word lemma under its `phraseKey` ("fish_tank"), → WordNet relatives, encoded by encodeRelated, best first. */
  wordnet: Record<string, string>;
  /** Term → nearest words in the vector space, encoded by encodeRelated, best first. */
  vectors: Record<string, string>;
  /** Two-word lemmas ("black hole"), each its two analysed terms joined by PHRASE, space-separated. */
  phrases: string;
  /** Word vectors of terms, for what a question and a passage are about (see `TermMeanings`). */
  meanings: TermMeanings;
  /** Words general English writes (lower case, letters only), space-separated: a typed word not among them may be a slip. */
  words: string;
}

/**
 * One vector per term (its commonest word's), scaled by how much the term says: a common word
 * barely moves the sum of a sentence's vectors. Stored as bytes (base64): `dimensions` signed
 * bytes per term, in the order of `terms`, each the unit vector's component × 127, then one
 * unsigned byte per term, its weight × 255.
 */
export interface TermMeanings {
  dimensions: number;
  /** Terms, space-separated, in row order. */
  terms: string;
  vectors: string;
  weights: string;
}

/** A related word, or a phrase whose terms must all appear ("last frontier"). */
export interface RelatedEntry {
  terms: string[];
  weight: number;
}

// Analysed terms hold letters and digits only, so these separators never occur inside one.
const ENTRY = ' ';
const PHRASE = '_';
const WEIGHT = ':';

/** The key of a two-term phrase in `LexiconData.phrases`. */
export function phraseKey(first: string, second: string): string {
  return `${first}${PHRASE}${second}`;
}

export function encodeRelated(entries: readonly RelatedEntry[]): string {
  return entries.map((e) => `${e.terms.join(PHRASE)}${WEIGHT}${Number(e.weight.toFixed(2))}`).join(ENTRY);
}

export function decodeRelated(text: string): RelatedEntry[] {
  if (text.length === 0) return [];
  return text.split(ENTRY).map((entry) => {
    const at = entry.lastIndexOf(WEIGHT);
    return { terms: entry.slice(0, at).split(PHRASE), weight: Number(entry.slice(at + 1)) };
  });
}

export function isLexiconData(value: unknown): value is LexiconData {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<LexiconData>;
  return (
    v.format === LEXICON_FORMAT &&
    typeof v.prior === 'object' &&
    typeof v.priorIdf === 'number' &&
    typeof v.wordnet === 'object' &&
    typeof v.vectors === 'object' &&
    typeof v.phrases === 'string' &&
    typeof v.words === 'string' &&
    typeof v.meanings === 'object' &&
    v.meanings !== null &&
    typeof v.meanings.vectors === 'string'
  );
}
