import { analyze } from '../text/analyze';
import type { Lexicon, RelatedTerm } from '../ports';

export interface TermWeights {
  terms: string[];
  /** How informative each question term is (0..1): the knowledge base's IDF blended with general English. */
  idf: Map<string, number>;
  /** Index terms that stand for a query term the index lacks ("discoveri" → "discov"). */
  variants: Map<string, string[]>;
  /** Words close in meaning, which cover a term partly where the term itself is absent. */
  related: Map<string, readonly RelatedTerm[]>;
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
}

const DEFAULT_SMALL_BASE = 2000;

/**
 * Informativeness of each query term, 0..1: BM25's inverse document frequency in the knowledge
 * base (a term it lacks weighs the most, unless a variant of it is indexed), blended with a
 * general-English prior by how large the base is.
 */
export function termWeights(terms: string[], chunkCount: number, docFrequency: Map<string, number>, options: WeightOptions = {}): TermWeights {
  const variants = options.variants ?? new Map<string, string[]>();
  const lexicon = options.lexicon ?? null;
  const trust = chunkCount / (chunkCount + (options.smallBase ?? DEFAULT_SMALL_BASE));
  const maxIdf = Math.log(1 + (chunkCount + 0.5) / 0.5);
  const idf = new Map<string, number>();
  const related = new Map<string, readonly RelatedTerm[]>();
  for (const term of terms) {
    const df = Math.max(docFrequency.get(term) ?? 0, ...(variants.get(term) ?? []).map((v) => docFrequency.get(v) ?? 0));
    const local = Math.log(1 + (chunkCount - df + 0.5) / (df + 0.5)) / maxIdf;
    const general = lexicon ? (lexicon.prior(term) ?? 1) : local;
    idf.set(term, trust * local + (1 - trust) * general);
    const near = lexicon?.related(term) ?? [];
    if (near.length > 0) related.set(term, near);
  }
  return { terms: [...idf.keys()], idf, variants, related };
}

/** A related word counts for this share of the word it stands in for, times its closeness. */
const RELATED_CREDIT = 0.7;

/** How much of a term `present` holds: the term or a variant fully, a related word partly. */
function credit(term: string, present: ReadonlySet<string>, weights: TermWeights): number {
  if (present.has(term) || (weights.variants.get(term) ?? []).some((v) => present.has(v))) return 1;
  let best = 0;
  for (const r of weights.related.get(term) ?? []) if (r.terms.every((t) => present.has(t))) best = Math.max(best, RELATED_CREDIT * r.weight);
  return best;
}

/** Share of the question's information (weighted terms) that `present` holds, 0..1. */
export function share(present: ReadonlySet<string>, weights: TermWeights): number {
  const total = weights.terms.reduce((sum, t) => sum + (weights.idf.get(t) ?? 0), 0);
  if (total <= 0) return 0;
  return weights.terms.reduce((sum, t) => sum + (weights.idf.get(t) ?? 0) * credit(t, present, weights), 0) / total;
}

// A cut after . ! or ? (maybe closing a quote or bracket) and white space, or a line break.
const SENTENCE_BREAK = /(?<=[.!?]["'”’)\]]?)\s+|\n+/u;
/** Sentences judged together: the words of a question meet within a few sentences of its answer. */
const SENTENCE_WINDOW = 3;

export interface PassageCoverage {
  /** The best share any window of the passage (with its document's title) holds. */
  share: number;
  /** The terms of that window. */
  terms: ReadonlySet<string>;
}

/**
 * How much of the question a passage covers: the best share that its document's title and three
 * neighbouring sentences of it contain. A question whose words a long passage only happens to
 * scatter ("hours" here, "sleep" three sentences later) is not covered by any three sentences.
 */
export function passageCoverage(title: string, text: string, weights: TermWeights): PassageCoverage {
  const titleTerms = analyze(title);
  const sentences = text.split(SENTENCE_BREAK).map(analyze);
  let best: PassageCoverage = { share: 0, terms: new Set() };
  for (let i = 0; i === 0 || i + SENTENCE_WINDOW <= sentences.length; i++) {
    const terms = new Set([...titleTerms, ...sentences.slice(i, i + SENTENCE_WINDOW).flat()]);
    const s = share(terms, weights);
    if (s > best.share) best = { share: s, terms };
  }
  return best;
}

export function coverageOf(title: string, text: string, weights: TermWeights): number {
  return passageCoverage(title, text, weights).share;
}

/**
 * What the best passages cover together: a question that joins two facts ("the director of the
 * film that…") has its words spread over two or three passages, none of which covers it alone.
 * The union counts for less than one passage covering as much, since unrelated passages can
 * share out a question's common words between them.
 */
export function jointCoverage(passages: readonly PassageCoverage[], weights: TermWeights, discount: number): number {
  const single = passages.reduce((max, p) => Math.max(max, p.share), 0);
  if (passages.length < 2) return single;
  const union = new Set(passages.flatMap((p) => [...p.terms]));
  return Math.max(single, discount * share(union, weights));
}
