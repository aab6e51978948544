import { createHash } from 'node:crypto';
import { limitConcurrency } from '../../core/limit-concurrency';
import { contextWindow, estimateTokens } from '../../core/answer/prompt-budget';
import {
  MODEL_EXTRACTION_JSON_SCHEMA,
  extractionMessages,
  parseModelExtraction,
  toExtractionResult,
} from '../../core/extract/model-extraction';
import type { ExtractionResult, Extractor } from '../../core/extract/types';
import type { ModelInfo } from '../../core/ports';
import type { ExtractionCache } from '../sqlite/extraction-cache';
import type { OllamaConnection } from './ollama-client';

export interface OllamaExtractorOptions {
  connection: OllamaConnection;
  model: string;
  /** Used for any chunk the model cannot do: unreachable, or invalid output twice. */
  fallback: Extractor;
  /** Chunks sent to the model at once. */
  concurrency: number;
  cache: ExtractionCache;
  contextCapTokens: number;
  /** Longest wait for one chunk's reply. */
  timeoutMs: number;
}

/** Bumped when the prompt or schema changes, so older cached extractions are not reused. */
const PROMPT_VERSION = 'v1';
/** After a failed connection the model is skipped for a while instead of failing chunk after chunk. */
const RETRY_AFTER_MS = 10_000;
const REPLY_RESERVE_TOKENS = 2048;

/**
 * Fact extraction by an Ollama model: JSON constrained by a schema, validated, retried once,
 * then the built-in extractor for that chunk; chunks run concurrently up to a limit and results
 * are cached by (model, chunk hash). Thinking is off: it costs minutes per chunk and the schema
 * leaves no room for it.
 */
export function createOllamaExtractor(options: OllamaExtractorOptions): Extractor {
  const run = limitConcurrency(options.concurrency);
  const cacheModel = `ollama:${options.model}#${PROMPT_VERSION}`;
  let downUntil = 0;
  let described: Promise<ModelInfo | null> | null = null;

  const ask = async (text: string, info: ModelInfo): Promise<string> => {
    const messages = extractionMessages(text);
    const needed = messages.reduce((n, m) => n + estimateTokens(m.content), 0) + REPLY_RESERVE_TOKENS;
    const signal = AbortSignal.timeout(options.timeoutMs);
    const stream = await options.connection.client(signal).chat({
      model: info.name,
      messages,
      stream: true,
      format: MODEL_EXTRACTION_JSON_SCHEMA,
      ...(info.capabilities.includes('thinking') ? { think: false } : {}),
      options: { num_ctx: contextWindow(Math.min(info.contextTokens, needed), options.contextCapTokens), temperature: 0 },
    });
    let reply = '';
    for await (const part of stream) reply += part.message.content ?? '';
    return reply;
  };

  const viaModel = async (text: string): Promise<ExtractionResult | null> => {
    described ??= options.connection.describe(options.model).catch(() => null);
    const info = await described;
    if (!info) throw new Error(`model '${options.model}' is not installed in Ollama`);
    for (let attempt = 0; attempt < 2; attempt++) {
      const parsed = parseModelExtraction(await ask(text, info));
      if (parsed) return toExtractionResult(text, parsed);
    }
    return null;
  };

  return {
    id: `ollama:${options.model}`,
    async extract(text) {
      const hash = createHash('sha256').update(text).digest('hex');
      const cached = options.cache.get(cacheModel, hash);
      if (cached) return cached;
      if (Date.now() < downUntil) return options.fallback.extract(text);
      const result = await run(() => viaModel(text)).catch(() => {
        downUntil = Date.now() + RETRY_AFTER_MS;
        described = null;
        return null;
      });
      if (!result) return options.fallback.extract(text);
      options.cache.put(cacheModel, hash, result);
      return result;
    },
  };
}
