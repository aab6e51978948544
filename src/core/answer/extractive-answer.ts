import { splitSentences } from '../extract/sentences';
import type { RetrievedChunk } from '../retrieval/retrieve';
import { analyze } from '../text/analyze';

export interface CitedSentence {
  text: string;
  /** Index into the retrieved chunks. */
  chunkIndex: number;
  score: number;
}

const MAX_SENTENCES = 3;
const MAX_SENTENCE_CHARS = 600;

/**
 * The answer when no language model is present: the sentences of the retrieved passages that
 * carry most of the question's weighted terms, each kept verbatim so it can cite its chunk.
 */
export function pickSupportingSentences(
  chunks: RetrievedChunk[],
  queryTerms: string[],
  idf: Map<string, number>,
): CitedSentence[] {
  const wanted = new Set(queryTerms);
  const candidates: CitedSentence[] = [];
  chunks.forEach((retrieved, chunkIndex) => {
    const text = retrieved.chunk.text;
    for (const span of splitSentences(text)) {
      const sentence = text.slice(span.start, span.end).replace(/\s+/gu, ' ').trim();
      if (sentence.length < 3 || sentence.length > MAX_SENTENCE_CHARS) continue;
      let score = 0;
      for (const term of new Set(analyze(sentence))) if (wanted.has(term)) score += idf.get(term) ?? 0;
      // A small preference for better-ranked passages breaks ties between equally matching sentences.
      if (score > 0) candidates.push({ text: sentence, chunkIndex, score: score * (1 - chunkIndex * 0.02) });
    }
  });
  const seen = new Set<string>();
  return candidates
    .sort((a, b) => b.score - a.score)
    .filter((c) => !seen.has(c.text) && seen.add(c.text))
    .slice(0, MAX_SENTENCES);
}
