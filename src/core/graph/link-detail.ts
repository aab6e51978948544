import { invalid, notFound } from '../errors';
import { splitSentences } from '../extract/sentences';
import type { Span } from '../extract/types';
import type { ResolvedFact } from '../model';
import type { KnowledgeStore } from '../ports';
import { resolveFacts } from '../retrieval/retrieve';
import { passagePlace, withSources, type FactSource } from './fact-sources';
import { documentTitles } from '../retrieval/document-titles';
import { summarize, type EntitySummary } from './graph-queries';
import type { KnowledgeGraph } from './knowledge-graph';

/** A passage that names both entities, with the sentence to highlight. */
export interface LinkPassage extends FactSource {
  /** The sentence that names both (or, when none does alone, the first that names either). */
  sentence: string;
}

export interface LinkDetail {
  source: EntitySummary;
  target: EntitySummary;
  /** Facts stated between the two, either way round, surest first. */
  facts: (ResolvedFact & { source: FactSource })[];
  /** Passages that name both, newest first. */
  passages: LinkPassage[];
  totalPassages: number;
}

const FACTS_READ = 500;
const SENTENCE_CHARS = 600;

/**
 * A link of the explorer opened: the facts that state it and the passages that name both ends,
 * each with the sentence where they meet, so a person can read why the two are linked.
 */
export async function linkDetail(store: KnowledgeStore, graph: KnowledgeGraph, sourceId: string, targetId: string, limit: number): Promise<LinkDetail> {
  const view = graph.view;
  const [source, target] = await Promise.all([sourceId, targetId].map((id) => store.entityResolution(id)));
  const a = source?.canonicalId ?? sourceId;
  const b = target?.canonicalId ?? targetId;
  if (!view.hasNode(a)) throw notFound('entity', sourceId);
  if (!view.hasNode(b)) throw notFound('entity', targetId);
  if (a === b) throw invalid('target', 'must name another entity than source');

  const stored = (await store.factsOfEntities([a], FACTS_READ)).filter((f) => (f.subjectId === a && f.objectId === b) || (f.subjectId === b && f.objectId === a));
  const facts = (await resolveFacts(store, stored)).sort((x, y) => y.confidence - x.confidence);
  const { chunkIds, total } = await store.passagesMentioningBoth(a, b, limit);
  const chunks = await store.getChunks(chunkIds);
  const titles = await documentTitles(store, [...facts.map((f) => f.documentId), ...chunks.map((c) => c.documentId)]);
  const namesA = matchers([summarize(view, a).name, ...(source?.members ?? []).map((m) => m.name), ...(source?.history ?? []).map((h) => h.alias)]);
  const namesB = matchers([summarize(view, b).name, ...(target?.members ?? []).map((m) => m.name), ...(target?.history ?? []).map((h) => h.alias)]);
  const byId = new Map(chunks.map((c) => [c.id, c]));
  const passages = chunkIds.flatMap((id) => {
    const chunk = byId.get(id);
    if (!chunk) return [];
    const span = meetingSentence(chunk.text, namesA, namesB);
    const sentence = chunk.text.slice(span.start, span.end).trim();
    return [{
      ...passagePlace(chunk, chunk.documentId, titles),
      chunkId: chunk.id,
      sentenceStart: span.start,
      sentenceEnd: span.end,
      sentence: sentence.length > SENTENCE_CHARS ? `${sentence.slice(0, SENTENCE_CHARS)}…` : sentence,
    }];
  });
  return { source: summarize(view, a), target: summarize(view, b), facts: await withSources(store, facts, titles), passages, totalPassages: total };
}

/** A name as it is written in running text: any case, whole words, with a plural or possessive ending. */
function matchers(names: string[]): RegExp[] {
  const escaped = [...new Set(names.map((n) => n.trim()).filter((n) => n.length > 0))].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+'));
  return escaped.map((n) => new RegExp(`(?<![\\p{L}\\p{N}])${n}(?:s|es|'s|’s)?(?![\\p{L}\\p{N}])`, 'iu'));
}

const names = (text: string, patterns: RegExp[]): boolean => patterns.some((p) => p.test(text));

/**
 * The first sentence that names both; else the shortest run of sentences from one naming one
 * entity to one naming the other; else the first that names either; else the passage's first.
 */
function meetingSentence(text: string, a: RegExp[], b: RegExp[]): Span {
  const sentences = splitSentences(text);
  if (sentences.length === 0) return { start: 0, end: Math.min(text.length, SENTENCE_CHARS) };
  const withA = sentences.map((s) => names(text.slice(s.start, s.end), a));
  const withB = sentences.map((s) => names(text.slice(s.start, s.end), b));
  const both = sentences.findIndex((_, i) => withA[i] && withB[i]);
  if (both >= 0) return sentences[both]!;
  let best: [number, number] | null = null;
  for (let i = 0; i < sentences.length; i++) {
    if (!withA[i]) continue;
    for (let j = 0; j < sentences.length; j++) {
      if (withB[j] && (!best || Math.abs(i - j) < Math.abs(best[0] - best[1]))) best = [i, j];
    }
  }
  if (best) return { start: sentences[Math.min(...best)]!.start, end: sentences[Math.max(...best)]!.end };
  const either = sentences.findIndex((_, i) => withA[i] || withB[i]);
  return sentences[Math.max(0, either)]!;
}
