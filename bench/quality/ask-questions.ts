/**
 * Asks questions one at a time through POST /query and keeps what scoring needs: the ranked
 * passages (document title and text), whether the question was refused, how sure the answer
 * said it was, and two latencies.
 */
import type { KbClient } from '../../src/client/index';

export interface RankedPassage {
  title: string;
  text: string;
}

export interface Answer {
  passages: RankedPassage[];
  insufficient: boolean;
  /** `metadata.coverage`, 0..1: how sure the engine is that its passages answer. */
  coverage: number;
  /** Round trip measured by the client over loopback HTTP: request, auth, retrieval, JSON. */
  roundTripMs: number;
  /** The server's own `metadata.search_time` (retrieval and response body; 1 ms resolution). */
  serverMs: number;
}

export async function ask(client: KbClient, questions: readonly string[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  // One at a time: the latency wanted is the one a user sees, not throughput under load.
  for (const query of questions) {
    const start = performance.now();
    // No summary: retrieval is what is measured, and without a model the summary would only be extractive.
    const body = await client.query({ query, response_mode: 'chat', include_summary: false });
    const roundTripMs = performance.now() - start;
    const coverage = Number((body.metadata as { coverage?: unknown }).coverage);
    answers.push({
      passages: body.chunks.map((c) => ({ title: c.title, text: c.text })),
      insufficient: body.insufficient_coverage === true,
      coverage: Number.isFinite(coverage) ? coverage : body.insufficient_coverage === true ? 0 : 1,
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
