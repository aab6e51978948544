import type { ChatChunk, ChatModel, ChatRequest } from '../../core/ports';
import type { OllamaConnection } from './ollama-client';

/**
 * The ChatModel port on Ollama's /api/chat: streamed NDJSON, `num_ctx` on every call (Ollama's
 * own default window is small and silently drops the start of a longer prompt), thinking on or
 * off as asked, reasoning returned apart from the answer, and the request aborted with `signal`.
 */
export function createOllamaChatModel(connection: OllamaConnection): ChatModel {
  return {
    provider: `ollama at ${connection.host}`,
    listModels: async () => (await connection.listModels()).map((m) => m.name),
    describe: (model) => connection.describe(model),
    chat: (request) => streamChat(connection, request),
  };
}

async function* streamChat(connection: OllamaConnection, request: ChatRequest): AsyncIterable<ChatChunk> {
  request.signal.throwIfAborted();
  const stream = await connection.client(request.signal).chat({
    model: request.model,
    messages: request.messages,
    stream: true,
    ...(request.think !== undefined ? { think: request.think } : {}),
    ...(request.format ? { format: request.format } : {}),
    options: { num_ctx: request.contextTokens, ...(request.temperature !== undefined ? { temperature: request.temperature } : {}) },
  });
  const stop = (): void => stream.abort();
  request.signal.addEventListener('abort', stop, { once: true });
  try {
    for await (const part of stream) {
      yield { content: part.message.content ?? '', thinking: part.message.thinking ?? '' };
      if (part.done) return;
    }
  } finally {
    request.signal.removeEventListener('abort', stop);
  }
}
