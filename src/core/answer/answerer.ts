import type { ChunkRecord } from '../model';
import type { ChatChunk, ChatModel, ModelInfo, WebResult } from '../ports';
import type { RetrievalResult } from '../retrieval/retrieve';
import { buildAnswerPrompt, type AnswerStyle } from './answer-prompt';
import { answerKind } from './answer-kind';
import { extractiveAnswer } from './extractive-answer';
import { modelUnavailable } from './model-outage';
import { contextWindow } from './prompt-budget';
import { ThinkFilter } from './think-filter';

export const EXTRACTIVE_MODEL = 'extractive';

export interface AnswerInput {
  question: string;
  result: RetrievalResult;
  titles: Map<string, string>;
  web: WebResult[];
  style: AnswerStyle;
}

export interface Answerer {
  /** What `metadata.model` reports. */
  readonly model: string;
  /**
   * Streams the answer, its reasoning (thinking models) kept apart; citations are `[n]` markers,
   * n counting from 1 over `result.chunks`, and `[Wn]` over the web results.
   */
  answer(input: AnswerInput, signal: AbortSignal): AsyncIterable<ChatChunk>;
}

/** Reads the chunks just before and after each of these in its document. */
export type NeighbourReader = (chunkIds: string[]) => Promise<ChunkRecord[]>;

const noNeighbours: NeighbourReader = async () => [];

/**
 * The honest fallback with no model: the best supporting sentences, verbatim and whole (a
 * sentence cut by a passage's edge is read on in the neighbouring passage), and the matching
 * table rows, each citing its chunk under its document's title.
 */
export function createExtractiveAnswerer(neighbours: NeighbourReader): Answerer {
  return {
    model: EXTRACTIVE_MODEL,
    async *answer({ question, result, titles }, signal) {
      const around = await neighbours(result.chunks.filter((c) => c.chunk.row === null).map((c) => c.chunk.id));
      if (signal.aborted) return;
      const text = extractiveAnswer({ chunks: result.chunks, neighbours: around, question: { terms: result.queryTerms, idf: result.idf, variants: result.variants, compounds: result.compounds, sequences: result.sequences, relatives: result.relatives }, titles, kind: answerKind(question) });
      // Word by word, like a model's tokens, so every client renders both kinds of answer the same way.
      for (const token of text.match(/\S+\s*/gu) ?? []) {
        if (signal.aborted) return;
        yield { content: token, thinking: '' };
      }
    },
  };
}

/**
 * A language model's answer from a prompt fitted to its context window. A thinking model
 * reasons only in the thinking and research styles, and its reasoning never enters the answer.
 * Any failure of the model while it answers (other than the caller's abort) is `model_unavailable`.
 */
export function createModelAnswerer(chatModel: ChatModel, info: ModelInfo, contextCapTokens: number): Answerer {
  return {
    model: info.name,
    async *answer(input, signal) {
      const contextTokens = contextWindow(info.contextTokens, contextCapTokens);
      const { messages } = buildAnswerPrompt({ ...input, contextTokens });
      const thinks = info.capabilities.includes('thinking');
      const filter = new ThinkFilter();
      const stream = chatModel.chat({
        model: info.name,
        messages,
        signal,
        contextTokens,
        temperature: 0.2,
        ...(thinks ? { think: input.style !== 'chat' } : {}),
      });
      try {
        for await (const piece of stream) yield filter.push(piece);
      } catch (error) {
        if (signal.aborted) throw error;
        throw modelUnavailable(info.name, error);
      }
      yield filter.end();
    },
  };
}

export interface AnswerModelChoice {
  /** The `model` field of the request, if any. */
  requested: string | undefined;
  /** The configured answer model; null: the first installed model that can generate text. */
  configured: string | null;
  contextCapTokens: number;
}

/**
 * Picks the answerer: the requested or configured model when the provider has it, the
 * extractive one when no model is reachable. The provider is asked on every query, so a model
 * server that comes back is used without a restart. An unknown model is the caller's error,
 * reported with the list of models that do exist. `neighbours` lets the extractive answerer read
 * cut sentences whole; without it, such sentences are left out.
 */
export async function chooseAnswerer(
  chatModel: ChatModel | null,
  choice: AnswerModelChoice,
  neighbours: NeighbourReader = noNeighbours,
): Promise<{ answerer: Answerer } | { unknownModel: string; available: string[] }> {
  const available = chatModel ? await chatModel.listModels().catch(() => []) : [];
  if (!chatModel || available.length === 0) return { answerer: createExtractiveAnswerer(neighbours) };
  if (choice.requested !== undefined) {
    const name = installedName(available, choice.requested);
    const info = name ? await chatModel.describe(name).catch(() => null) : null;
    if (!info || !canGenerate(info)) return { unknownModel: choice.requested, available };
    return { answerer: createModelAnswerer(chatModel, info, choice.contextCapTokens) };
  }
  const candidates = choice.configured !== null ? [installedName(available, choice.configured)].filter((n) => n !== null) : available;
  for (const name of candidates) {
    const info = await chatModel.describe(name).catch(() => null);
    if (info && canGenerate(info)) return { answerer: createModelAnswerer(chatModel, info, choice.contextCapTokens) };
  }
  return { answerer: createExtractiveAnswerer(neighbours) };
}

/** "llama3.2" names the installed "llama3.2:latest", as it does for Ollama itself. */
export function installedName(available: string[], name: string): string | null {
  if (available.includes(name)) return name;
  return !name.includes(':') && available.includes(`${name}:latest`) ? `${name}:latest` : null;
}

// Embedding-only models list no 'completion'; providers that report nothing are trusted.
const canGenerate = (info: ModelInfo): boolean => info.capabilities.length === 0 || info.capabilities.includes('completion');

/** The 1-based citation numbers used in an answer, in order of first use. */
export function citedNumbers(text: string): number[] {
  const seen = new Set<number>();
  for (const m of text.matchAll(/\[(\d{1,3})\]/gu)) seen.add(Number(m[1]));
  return [...seen];
}

/** The 1-based web-result numbers cited as `[Wn]`, in order of first use. */
export function citedWebNumbers(text: string): number[] {
  const seen = new Set<number>();
  for (const m of text.matchAll(/\[W(\d{1,2})\]/gu)) seen.add(Number(m[1]));
  return [...seen];
}
