import { analyze } from '../text/analyze';

export interface TermWeights {
  terms: string[];
  idf: Map<string, number>;
  /** Index terms that stand for a query term the index lacks ("discoveri" → "discov"). */
  variants: Map<string, string[]>;
}

/**
 * BM25-style inverse document frequency of each query term; unseen terms weigh the most, unless
 * a variant of theirs is indexed, in which case they weigh what the variant weighs.
 */
export function termWeights(
  terms: string[],
  chunkCount: number,
  docFrequency: Map<string, number>,
  variants: Map<string, string[]> = new Map(),
): TermWeights {
  const idf = new Map<string, number>();
  for (const term of terms) {
    const df = Math.max(docFrequency.get(term) ?? 0, ...(variants.get(term) ?? []).map((v) => docFrequency.get(v) ?? 0));
    idf.set(term, Math.log(1 + (chunkCount - df + 0.5) / (df + 0.5)));
  }
  return { terms: [...idf.keys()], idf, variants };
}

/** Share of the question's information (IDF-weighted terms) among `present`, 0..1. */
function share(present: ReadonlySet<string>, weights: TermWeights): number {
  const total = weights.terms.reduce((sum, t) => sum + (weights.idf.get(t) ?? 0), 0);
  if (total <= 0) return 0;
  const has = (t: string): boolean => present.has(t) || (weights.variants.get(t) ?? []).some((v) => present.has(v));
  const covered = weights.terms.reduce((sum, t) => sum + (has(t) ? (weights.idf.get(t) ?? 0) : 0), 0);
  return covered / total;
}

// A cut after . ! or ? (maybe closing a quote or bracket) and white space.
const SENTENCE_BREAK = /(?<=[.!?]["'”’)\]]?)\s+/u;
/** Sentences judged together: the words of a question meet within a few sentences of its answer. */
const SENTENCE_WINDOW = 3;

/**
 * How much of the question a passage covers, 0..1: the best share that its document's title and
 * three neighbouring sentences of it contain. A question about something the knowledge base never
 * mentions leaves its rarest terms uncovered, and one whose words a long passage only happens to
 * scatter ("hours" here, "sleep" three sentences later) is not covered by any three sentences.
 */
export function coverageOf(title: string, text: string, weights: TermWeights): number {
  const titleTerms = analyze(title);
  const sentences = text.split(SENTENCE_BREAK).map(analyze);
  let best = 0;
  for (let i = 0; i === 0 || i + SENTENCE_WINDOW <= sentences.length; i++) {
    best = Math.max(best, share(new Set([...titleTerms, ...sentences.slice(i, i + SENTENCE_WINDOW).flat()]), weights));
  }
  return best;
}
