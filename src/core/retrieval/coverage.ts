import type { Lexicon, RelatedTerm } from '../ports';
import { hasCjk } from '../text/analyze';

export interface TermWeights {
  terms: string[];
  /** How informative each question term is (0..1): the knowledge base's IDF blended with general English. */
  idf: Map<string, number>;
  /** Index terms that stand for a query term the index lacks ("discoveri" → "discov"). */
  variants: Map<string, string[]>;
  /** Words close in meaning, which cover a term partly where the term itself is absent. */
  related: Map<string, readonly RelatedTerm[]>;
  relatedCredit: number;
  /** Terms that name one thing with a neighbour (question-units.ts): term → its partners. */
  units: ReadonlyMap<string, readonly string[]>;
}

export interface WeightOptions {
  variants?: Map<string, string[]>;
  lexicon?: Lexicon | null;
  /**
   * Chunks at which the knowledge base's own word statistics count as much as general English.
   * A small base says little about which words are rare: a word it lacks ("get", "kept") is not
   * thereby the most informative word of the question.
   */
  smallBase?: number;
  /**
   * Instead of `smallBase`'s blend of the two IDFs: a term's share of passages, counted in the base
   * with this many passages of general English added at the rate English gives it. A word the base
   * holds in many passages then weighs as common there however rare English calls it (every page
   * of a Postgres runbook says "Postgres"), and a word it lacks still weighs as English does.
   */
  priorPassages?: number;
  /** What a related word counts for, against the word itself, at closeness 1. */
  relatedCredit?: number;
  /** Neighbouring terms that name one thing together ("black hole"). */
  units?: readonly (readonly [string, string])[];
  /** Terms the index lacks that are two words it holds written as one (term-variants.ts): related to both together. */
  compounds?: ReadonlyMap<string, readonly string[]>;
  /** Terms only the sentences around the question hold (question-context.ts), weighed by BACKGROUND_SHARE. */
  background?: ReadonlySet<string>;
}

const DEFAULT_SMALL_BASE = 2000;
/**
 * Words that frame a question rather than say what it is about: "What does ownership mean?" asks
 * for a definition, and the passage that gives it seldom says "means".
 */
const QUESTION_FRAME: ReadonlySet<string> = new Set(['mean']);
const FRAME_SHARE = 0.2;
/**
 * What a word of the sentences around a question counts for (question-context.ts): enough to
 * find the passage a stated situation leads to, too little to outweigh what is asked.
 */
const BACKGROUND_SHARE = 0.5;
/**
 * How common a number is depends on the documents, not on the language: a lease's "24 hours" and
 * a log's dates make "24" common in a base where general English would call it rare.
 */
const NUMBER = /^\d/u;

/**
 * Informativeness of each query term, 0..1: BM25's inverse document frequency in the knowledge
 * base (a term it lacks weighs the most, unless a variant of it is indexed), blended with a
 * general-English prior by how large the base is.
 */
export function termWeights(terms: string[], chunkCount: number, docFrequency: Map<string, number>, options: WeightOptions = {}): TermWeights {
  const variants = options.variants ?? new Map<string, string[]>();
  const lexicon = options.lexicon ?? null;
  const trust = chunkCount / (chunkCount + (options.smallBase ?? DEFAULT_SMALL_BASE));
  // Without the lexicon's file there are no English rates to pool with: the base's own IDF ranks.
  const priorIdf = lexicon?.priorIdf() ?? 0;
  const idf = new Map<string, number>();
  const related = new Map<string, readonly RelatedTerm[]>();
  // A unit's synonyms stand for each of its words: a passage on the "aquarium" covers "fish" and "tank".
  const unitRelated = new Map<string, RelatedTerm[]>();
  for (const [a, b] of options.units ?? []) {
    const synonyms = lexicon?.phraseRelated(a, b) ?? [];
    if (synonyms.length === 0) continue;
    for (const t of [a, b]) unitRelated.set(t, [...(unitRelated.get(t) ?? []), ...synonyms]);
  }
  for (const term of terms) {
    const local = baseIdf(term, chunkCount, docFrequency, variants) / maxIdf(chunkCount);
    // Of Chinese or Korean the English lexicon knows nothing: its silence there says nothing about rarity.
    const prior = lexicon && !NUMBER.test(term) && !hasCjk(term) ? (lexicon.prior(term) ?? 1) : null;
    const share = QUESTION_FRAME.has(term) ? FRAME_SHARE : options.background?.has(term) ? BACKGROUND_SHARE : 1;
    const blended =
      prior === null ? local
      : options.priorPassages === undefined ? trust * local + (1 - trust) * prior
      : priorIdf > 0 ? pooledIdf(documentFrequency(term, docFrequency, variants), chunkCount, prior, priorIdf, options.priorPassages)
      : local;
    idf.set(term, share * blended);
    const parts = options.compounds?.get(term);
    const near = [...(parts ? [{ terms: [...parts], weight: 1, source: 'compound' as const }] : []), ...(unitRelated.get(term) ?? []), ...(lexicon?.related(term) ?? [])];
    if (near.length > 0) related.set(term, near);
  }
  const units = new Map<string, string[]>();
  for (const [a, b] of options.units ?? []) {
    units.set(a, [...(units.get(a) ?? []), b]);
    units.set(b, [...(units.get(b) ?? []), a]);
  }
  return { terms: [...idf.keys()], idf, variants, related, relatedCredit: options.relatedCredit ?? 0, units };
}

/** BM25's inverse document frequency of a term no passage holds: what `TermWeights.idf` is a share of. */
export function maxIdf(chunkCount: number): number {
  return Math.log(1 + (chunkCount + 0.5) / 0.5);
}

/** Whether the knowledge base holds a term itself or under a variant it is searched by. */
export function heldByIndex(term: string, docFrequency: ReadonlyMap<string, number>, variants: ReadonlyMap<string, readonly string[]>): boolean {
  return (docFrequency.get(term) ?? 0) > 0 || variants.has(term);
}

/** BM25's inverse document frequency of a term in the knowledge base, counting the variants it is searched under. */
export function baseIdf(term: string, chunkCount: number, docFrequency: Map<string, number>, variants: Map<string, string[]>): number {
  const df = documentFrequency(term, docFrequency, variants);
  return Math.log(1 + (chunkCount - df + 0.5) / (df + 0.5));
}

function documentFrequency(term: string, docFrequency: Map<string, number>, variants: Map<string, string[]>): number {
  return Math.max(docFrequency.get(term) ?? 0, ...(variants.get(term) ?? []).map((v) => docFrequency.get(v) ?? 0));
}

/**
 * BM25's IDF, as a share of its largest, over the base's passages and `extra` passages of general
 * English that hold the term at the rate its prior (`prior` of `priorIdf`) gives. A word most of
 * the base's passages hold is what the base is about (every row of an airports table says
 * "airport"): its IDF there is near nothing, yet a passage without it is off the question's
 * subject, so it keeps its English weight in proportion to the passages that hold it.
 */
function pooledIdf(df: number, chunkCount: number, prior: number, priorIdf: number, extra: number): number {
  const n = chunkCount + extra;
  const held = df + extra * Math.exp(-prior * priorIdf);
  const pooled = Math.log(1 + (n - held + 0.5) / (held + 0.5)) / maxIdf(n);
  return Math.max(pooled, (prior * Math.min(df, chunkCount)) / Math.max(1, chunkCount));
}

/** Whether `present` holds the term itself or a variant of it. */
export function holds(term: string, present: ReadonlySet<string>, weights: TermWeights): boolean {
  return present.has(term) || (weights.variants.get(term) ?? []).some((v) => present.has(v));
}

/** Terms of a unit count as together within this many terms of each other. */
const UNIT_SPAN = 2;
/**
 * What a term of a unit counts for where the passage holds its partner elsewhere: "light" and
 * "year" apart say little about a light-year. A term alone ("tank" for "fish tank") counts whole.
 */
const APART_CREDIT = 0.5;

/** A passage's terms as a share judges them: which it holds, and which units stand together. */
interface Present {
  terms: ReadonlySet<string>;
  /** Terms of a unit whose partner the passage holds, but not beside them. */
  apart: ReadonlySet<string>;
}

function presentIn(terms: readonly string[], weights: TermWeights): Present {
  const held = new Set(terms);
  const apart = new Set<string>();
  if (weights.units.size === 0) return { terms: held, apart };
  const forms = (t: string): string[] => [t, ...(weights.variants.get(t) ?? [])];
  const positions = (t: string): number[] => {
    const wanted = new Set(forms(t));
    return terms.flatMap((x, i) => (wanted.has(x) ? [i] : []));
  };
  for (const [term, partners] of weights.units) {
    if (!holds(term, held, weights)) continue;
    const mine = positions(term);
    const theirs = partners.map(positions).filter((at) => at.length > 0);
    if (theirs.length > 0 && !theirs.some((at) => at.some((y) => mine.some((x) => x !== y && Math.abs(x - y) <= UNIT_SPAN)))) apart.add(term);
  }
  return { terms: held, apart };
}

/** How much of a term `present` holds: the term or a variant fully (less when its unit is split, unless a synonym of the unit is there), a related word partly. */
function credit(term: string, present: Present, weights: TermWeights): number {
  const held = holds(term, present.terms, weights);
  if (held && !present.apart.has(term)) return 1;
  // Held apart from its partner, the word itself is there: only a synonym of the whole adds to it.
  let best = held ? APART_CREDIT : 0;
  for (const r of weights.related.get(term) ?? []) {
    if ((!held || r.source === 'phrase') && r.terms.every((t) => present.terms.has(t))) best = Math.max(best, weights.relatedCredit * r.weight);
  }
  return best;
}

/** The summed weight of some of the question's terms (a name's, a title's, all of them). */
export function weightOf(terms: readonly string[], idf: ReadonlyMap<string, number>): number {
  return terms.reduce((sum, t) => sum + (idf.get(t) ?? 0), 0);
}

/** Share of the question's information (weighted terms) that a passage's terms hold, 0..1. */
export function share(terms: readonly string[], weights: TermWeights): number {
  const present = presentIn(terms, weights);
  const total = weightOf(weights.terms, weights.idf);
  if (total <= 0) return 0;
  return weights.terms.reduce((sum, t) => sum + (weights.idf.get(t) ?? 0) * credit(t, present, weights), 0) / total;
}
