import type { ChatModel } from '../ports';
import type { RetrievalResult } from '../retrieval/retrieve';
import { pickSupportingSentences } from './extractive-answer';

export const EXTRACTIVE_MODEL = 'extractive';

export interface Answerer {
  /** What `metadata.model` reports. */
  readonly model: string;
  /** Streams the answer; citations are `[n]` markers, n counting from 1 over `result.chunks`. */
  answer(question: string, result: RetrievalResult, signal: AbortSignal): AsyncIterable<string>;
}

/** The honest fallback with no model: the best supporting sentences, verbatim, each citing its chunk. */
export function createExtractiveAnswerer(): Answerer {
  return {
    model: EXTRACTIVE_MODEL,
    async *answer(_question, result, signal) {
      const sentences = pickSupportingSentences(result.chunks, result.queryTerms, result.idf);
      const text = sentences.map((s) => `${s.text} [${s.chunkIndex + 1}]`).join(' ');
      // Word by word, like a model's tokens, so every client renders both kinds of answer the same way.
      for (const token of text.match(/\S+\s*/gu) ?? []) {
        if (signal.aborted) return;
        yield token;
      }
    },
  };
}

/**
 * Picks the answerer: the requested or default model when the provider has it, the extractive
 * one when no model is reachable at all. An unknown model is the caller's error, reported with
 * the list of models that do exist.
 */
export async function chooseAnswerer(
  chatModel: ChatModel | null,
  requested: string | undefined,
): Promise<{ answerer: Answerer } | { unknownModel: string; available: string[] }> {
  const available = chatModel ? await chatModel.listModels().catch(() => []) : [];
  if (available.length === 0) return { answerer: createExtractiveAnswerer() };
  if (requested !== undefined && !available.includes(requested)) return { unknownModel: requested, available };
  // Model-backed answering arrives with the Ollama adapter; until then the extractive answer stands in.
  return { answerer: createExtractiveAnswerer() };
}

/** The 1-based citation numbers used in an answer, in order of first use. */
export function citedNumbers(text: string): number[] {
  const seen = new Set<number>();
  for (const m of text.matchAll(/\[(\d{1,3})\]/gu)) seen.add(Number(m[1]));
  return [...seen];
}
