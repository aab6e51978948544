import type { QueryResponse, StreamEvent } from '../../shared/api-types';
import { chunkOut, factOut } from './api-shapes';
import type { PreparedQuery } from './query-service';

function searchTime(prepared: PreparedQuery): string {
  return `${((performance.now() - prepared.startedAt) / 1000).toFixed(3)}s`;
}

function modelName(prepared: PreparedQuery): string {
  return prepared.answerer?.model ?? 'none';
}

const NO_WEB_SEARCH = { used: false, reason: 'no web-search provider is configured; answered from the knowledge base alone' };

/** The non-streaming response body. */
export async function collectResponse(prepared: PreparedQuery, signal: AbortSignal): Promise<QueryResponse> {
  const { result, titles, request } = prepared;
  let summary = '';
  if (prepared.answerer) {
    for await (const delta of prepared.answerer.answer(request.query, result, signal)) summary += delta;
  }
  await prepared.complete(summary);
  const body: QueryResponse = {
    success: true,
    summary,
    ...(prepared.sessionId ? { session_id: prepared.sessionId } : {}),
    total_facts: result.facts.length,
    total_chunks: result.chunks.length,
    ...(result.insufficient ? { insufficient_coverage: true as const } : {}),
    metadata: {
      entities: result.seeds.map((s) => s.name),
      model: modelName(prepared),
      search_time: searchTime(prepared),
      query_depth: prepared.depth,
      ...(request.web_search_enabled ? { web_search: NO_WEB_SEARCH } : {}),
    },
    sources: prepared.sourcesFor(summary),
    facts: result.facts.map((f) => factOut(f, titles)),
    chunks: result.chunks.map((c) => chunkOut(c, titles)),
    ...(prepared.reasoning ? { reasoning: { steps: prepared.reasoning } } : {}),
  };
  return body;
}

/**
 * The stream, in the documented order: metadata, reasoning (thinking/research), content deltas,
 * sources, done. Insufficient coverage ends right after metadata with done.insufficient_coverage.
 */
export async function* streamResponse(prepared: PreparedQuery, signal: AbortSignal): AsyncGenerator<StreamEvent> {
  const { result, request } = prepared;
  yield {
    type: 'metadata',
    data: {
      ...(prepared.sessionId ? { session_id: prepared.sessionId } : {}),
      total_facts: result.facts.length,
      total_chunks: result.chunks.length,
      entities: result.seeds.map((s) => s.name),
      model: modelName(prepared),
    },
  };
  if (result.insufficient) {
    await prepared.complete('');
    yield { type: 'done', data: { insufficient_coverage: true } };
    return;
  }
  if (prepared.reasoning) yield { type: 'reasoning', data: { steps: prepared.reasoning } };
  let answer = '';
  try {
    if (prepared.answerer) {
      for await (const delta of prepared.answerer.answer(request.query, result, signal)) {
        answer += delta;
        yield { type: 'content', data: { delta } };
      }
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : 'the answer could not be generated';
    yield { type: 'error', data: { message } };
    yield { type: 'done', data: { error: message } };
    return;
  }
  if (signal.aborted) return;
  await prepared.complete(answer);
  yield { type: 'sources', data: { sources: prepared.sourcesFor(answer) } };
  yield { type: 'done', data: {} };
}
