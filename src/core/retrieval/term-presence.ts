import type { KnowledgeStore, Lexicon, RelatedTerm } from '../ports';
import { baseIdf, heldByIndex, type TermWeights } from './coverage';

/**
 * How far the knowledge base holds each question term: 1 for the term itself, a variant or a
 * synonym; for a term it lacks, the closeness of its nearest related word that it holds (a user's
 * "SUV" where the notes say "car"), times what a related word counts for.
 */
export async function basePresence(store: KnowledgeStore, terms: string[], df: Map<string, number>, variants: Map<string, string[]>, weights: TermWeights): Promise<(term: string) => number> {
  const held = (t: string): boolean => heldByIndex(t, df, variants);
  const lacking = terms.filter((t) => !held(t));
  // A phrase ("skin doctor") or a compound's two words ("pay", "day") counts where the base holds all
  // its words. Not a synonym of several words for the question's own phrase: a base that says "call"
  // and "box" on different pages holds no "call box", and the question's "phone booth" is its subject.
  const related = (t: string): readonly RelatedTerm[] => (weights.related.get(t) ?? []).filter((r) => r.source !== 'phrase' || r.terms.length === 1);
  const candidates = [...new Set(lacking.flatMap((t) => related(t).flatMap((r) => r.terms)))];
  const { docFrequency } = candidates.length > 0 ? await store.termStats(candidates) : { docFrequency: new Map<string, number>() };
  const near = new Map(lacking.map((t) => [t, Math.max(0, ...related(t).filter((r) => r.terms.every((x) => (docFrequency.get(x) ?? 0) > 0)).map((r) => r.weight * weights.relatedCredit))]));
  return (t) => (held(t) ? 1 : (near.get(t) ?? 0));
}

/**
 * How much more common a term is in the knowledge base than in general English, -1..1: the base's
 * passage IDF against the lexicon's (a term the base lacks is as rare as can be in it).
 */
export function topicality(chunkCount: number, df: Map<string, number>, variants: Map<string, string[]>, lexicon: Lexicon | null): (term: string) => number {
  const scale = lexicon?.priorIdf() ?? 0;
  if (scale <= 0) return () => 0;
  return (term) => Math.tanh(((lexicon?.prior(term) ?? 1) * scale - baseIdf(term, chunkCount, df, variants)) / 2);
}
