/**
 * Asks questions one at a time through POST /query and keeps what scoring needs: the ranked
 * document titles, whether coverage was judged insufficient, and two latencies.
 */
import type { KbClient } from '../../src/client/index';
import type { Depth } from './pipelines';

export interface Answer {
  /** Distinct document titles in the order their first passage was ranked. */
  titles: string[];
  insufficient: boolean;
  /** Round trip measured by the client over loopback HTTP: request, auth, retrieval, JSON. */
  roundTripMs: number;
  /** The server's own `metadata.search_time` (retrieval and response body; 1 ms resolution). */
  serverMs: number;
}

export async function ask(client: KbClient, questions: readonly string[], depth: Depth): Promise<Answer[]> {
  const answers: Answer[] = [];
  // One at a time: the latency wanted is the one a user sees, not throughput under load.
  for (const query of questions) {
    const start = performance.now();
    // No summary: retrieval is what is measured, and without a model the summary would only be extractive.
    const body = await client.query({ query, response_mode: depth === 'basic' ? 'chat' : 'thinking', include_summary: false });
    const roundTripMs = performance.now() - start;
    answers.push({
      titles: [...new Set(body.chunks.map((c) => c.title))],
      insufficient: body.insufficient_coverage === true,
      roundTripMs,
      serverMs: parseSeconds(body.metadata.search_time) * 1000,
    });
  }
  return answers;
}

function parseSeconds(text: string): number {
  const seconds = Number(/^([\d.]+)s$/u.exec(text)?.[1]);
  if (!Number.isFinite(seconds)) throw new Error(`unexpected search_time '${text}'`);
  return seconds;
}
