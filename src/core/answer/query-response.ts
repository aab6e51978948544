import type { QueryResponse, ReasoningStep, StreamEvent, WebSourceOut } from '../../shared/api-types';
import { chunkOut, factOut } from './api-shapes';
import type { Answerer, AnswerInput } from './answerer';
import { isModelOutage } from './model-outage';
import type { PreparedQuery } from './query-service';
import { mayBeNoAnswer, saysNoAnswer } from './model-verdict';

function searchTime(prepared: PreparedQuery): string {
  return `${((performance.now() - prepared.startedAt) / 1000).toFixed(3)}s`;
}

function modelName(prepared: PreparedQuery): string {
  return prepared.answerer?.model ?? 'none';
}

interface Written {
  summary: string;
  thinking: string;
  model: string;
  /** The model that stopped answering, when the extractive answer took its place. */
  outage?: { model: string; message: string };
}

async function write(answerer: Answerer, prepared: PreparedQuery, signal: AbortSignal): Promise<Written> {
  let summary = '';
  let thinking = '';
  for await (const piece of answerer.answer(answerInput(prepared), signal)) {
    summary += piece.content;
    thinking += piece.thinking;
  }
  return { summary, thinking, model: answerer.model };
}

/**
 * A JSON answer is sent only when it is complete, so a model that stops answering half way is
 * replaced by the extractive answer, and metadata says so. A model the request named itself is
 * not replaced behind the caller's back: that outage is the caller's 503.
 */
async function writeOrFallBack(prepared: PreparedQuery, signal: AbortSignal): Promise<Written> {
  if (!prepared.answerer) return { summary: '', thinking: '', model: modelName(prepared) };
  try {
    return await write(prepared.answerer, prepared, signal);
  } catch (error) {
    if (!isModelOutage(error) || prepared.request.model !== undefined) throw error;
    const written = await write(prepared.extractive, prepared, signal);
    return { ...written, outage: { model: prepared.answerer.model, message: error.message } };
  }
}

function answerInput(prepared: PreparedQuery): AnswerInput {
  const { request, result, titles, web } = prepared;
  return { question: request.query, result, titles, web: web.results, style: request.response_mode };
}

function webSources(prepared: PreparedQuery): WebSourceOut[] {
  return prepared.web.results.map((r, i) => ({ marker: `W${i + 1}`, title: r.title, url: r.url, snippet: r.snippet }));
}

/** Named only when there are any: most questions' words are all in the documents. */
function absentWords(words: readonly string[]): { absent_words?: string[] } {
  return words.length > 0 ? { absent_words: [...words] } : {};
}

/** Two decimals: the score is a judgement, not a measurement. */
function roundedCoverage(coverage: number): number {
  return Math.round(Math.min(1, Math.max(0, coverage)) * 100) / 100;
}

/** A thinking model's reasoning, as one more step after the retrieval's own. */
function modelReasoning(prepared: PreparedQuery, thinking: string): ReasoningStep[] {
  const text = thinking.trim();
  return text ? [{ step: (prepared.reasoning?.length ?? 0) + 1, thought: text, fact_ids: [] }] : [];
}

/** The non-streaming response body. */
export async function collectResponse(prepared: PreparedQuery, signal: AbortSignal): Promise<QueryResponse> {
  const { result, titles, request, web } = prepared;
  const written = await writeOrFallBack(prepared, signal);
  const { thinking } = written;
  let summary = written.summary.trim();
  // The model's own "the documents do not say" is a refusal: the spec's insufficient-coverage shape.
  const refused = result.insufficient || saysNoAnswer(summary);
  if (refused) summary = '';
  await prepared.complete(summary);
  const body: QueryResponse = {
    success: true,
    summary,
    ...(prepared.sessionId ? { session_id: prepared.sessionId } : {}),
    total_facts: refused ? 0 : result.facts.length,
    total_chunks: refused ? 0 : result.chunks.length,
    ...(refused ? { insufficient_coverage: true as const } : {}),
    metadata: {
      entities: result.seeds.map((s) => s.name),
      model: written.model,
      ...(written.outage ? { model_outage: written.outage } : {}),
      search_time: searchTime(prepared),
      query_depth: prepared.depth,
      coverage: roundedCoverage(result.coverage),
      ...absentWords(result.absentWords),
      ...(request.web_search_enabled ? { web_search: { used: web.used, ...(web.reason ? { reason: web.reason } : {}) } } : {}),
    },
    sources: refused ? [] : prepared.sourcesFor(summary),
    ...(web.results.length > 0 && !refused ? { web_sources: webSources(prepared) } : {}),
    facts: refused ? [] : result.facts.map((f) => factOut(f, titles)),
    chunks: refused ? [] : result.chunks.map((c) => chunkOut(c, titles, prepared.files)),
    ...(prepared.reasoning ? { reasoning: { steps: [...prepared.reasoning, ...modelReasoning(prepared, thinking)] } } : {}),
  };
  return body;
}

/**
 * The stream, in the documented order: metadata, reasoning (thinking/research), content deltas,
 * sources, done. Insufficient coverage ends right after metadata with done.insufficient_coverage.
 * A thinking model's reasoning becomes one more reasoning event before the first content.
 */
export async function* streamResponse(prepared: PreparedQuery, signal: AbortSignal): AsyncGenerator<StreamEvent> {
  const { result } = prepared;
  yield {
    type: 'metadata',
    data: {
      ...(prepared.sessionId ? { session_id: prepared.sessionId } : {}),
      total_facts: result.facts.length,
      total_chunks: result.chunks.length,
      entities: result.seeds.map((s) => s.name),
      model: modelName(prepared),
      coverage: roundedCoverage(result.coverage),
      ...absentWords(result.absentWords),
    },
  };
  if (result.insufficient) {
    await prepared.complete('');
    yield { type: 'done', data: { insufficient_coverage: true } };
    return;
  }
  if (prepared.reasoning) yield { type: 'reasoning', data: { steps: prepared.reasoning } };
  let answer = '';
  let thinking = '';
  let answering = false;
  // Held back while the answer could still be the model's no-answer verdict.
  let held = '';
  try {
    if (prepared.answerer) {
      for await (const piece of prepared.answerer.answer(answerInput(prepared), signal)) {
        thinking += piece.thinking;
        // Leading whitespace before the first words (common after a model's reasoning) is noise.
        const delta: string = answering ? piece.content : piece.content.trimStart();
        if (delta.length === 0) continue;
        if (!answering && prepared.reasoning) {
          const steps = modelReasoning(prepared, thinking);
          if (steps.length > 0) yield { type: 'reasoning', data: { steps } };
        }
        answering = true;
        answer += delta;
        held += delta;
        if (mayBeNoAnswer(answer)) continue;
        yield { type: 'content', data: { delta: held } };
        held = '';
      }
    }
  } catch (error) {
    if (signal.aborted) return;
    // The metadata event has already named the model, so its outage is reported, not papered
    // over; the half answer is not recorded in the conversation.
    if (!isModelOutage(error)) throw error;
    yield { type: 'error', data: { message: error.message, code: error.code } };
    yield { type: 'done', data: { error: error.message } };
    return;
  }
  if (signal.aborted) return;
  if (saysNoAnswer(answer)) {
    await prepared.complete('');
    yield { type: 'done', data: { insufficient_coverage: true } };
    return;
  }
  if (held.length > 0) yield { type: 'content', data: { delta: held } };
  await prepared.complete(answer.trim());
  const web = webSources(prepared);
  yield { type: 'sources', data: { sources: prepared.sourcesFor(answer), ...(web.length > 0 ? { web_sources: web } : {}) } };
  yield { type: 'done', data: {} };
}
