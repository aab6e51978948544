/**
 * Retrieval latency: the time `prepareQuery` takes, which returns once retrieval is done and
 * before any answer is written, so no answer model is involved.
 */
import type { KnowledgeBase } from '../src/core/knowledge-base';
import type { QueryRequest, ResponseMode } from '../src/shared/api-schemas';
import { summarize, timed, type LatencySummary } from './stats';

export interface LatencyResult extends LatencySummary {
  mode: ResponseMode;
  /** Questions for which retrieval found no passage covering enough of the question. */
  insufficient: number;
}

export function queryRequest(query: string, mode: ResponseMode): QueryRequest {
  return { query, stream: false, response_mode: mode, maintain_context: false, include_summary: false, web_search_enabled: false };
}

export async function warmUp(kb: KnowledgeBase, questions: readonly string[]): Promise<void> {
  for (const q of questions) await kb.prepareQuery(queryRequest(q, 'chat'));
}

export async function measureLatency(kb: KnowledgeBase, questions: readonly string[], mode: ResponseMode): Promise<LatencyResult> {
  const samples: number[] = [];
  let insufficient = 0;
  // One at a time: the figure wanted is the latency one user sees, not throughput under load.
  for (const q of questions) {
    const { value, ms } = await timed(() => kb.prepareQuery(queryRequest(q, mode)));
    samples.push(ms);
    if (value.result.insufficient) insufficient++;
  }
  return { mode, insufficient, ...summarize(samples) };
}
