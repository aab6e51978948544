import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { KbClient } from '../client/kb-client';
import { ApiError, ConnectionError } from '../client/errors';
import type { JobError, JobRegistry } from './job-registry';
import { queryFor } from '../client/modes';
import { WEAK_MATCH_COVERAGE } from '../shared/coverage';
import { toolResult, type ToolResult } from './tool-result';
import { MAX_WAIT_SECONDS, checkJobInput, checkJobOutput, queryAsyncInput, queryAsyncOutput } from './tool-schemas';

export interface ToolServerDeps {
  /** The API client the tools call, with the caller's key. */
  client: KbClient;
  jobs: JobRegistry<ToolResult>;
  /** Whose jobs these calls see: the account on HTTP, the process on stdio. */
  scope: string;
  version: string;
}

const QUERY_DESCRIPTION = `Ask the local knowledge base a question. Returns at once with a job_id and status "working"; then call svc_check_job with that job_id to get the result.
The result always carries context.facts (facts with their source) and context.sources (the cited passages with their text), plus per mode: chat → answer; expert → answer and reasoning; brainstorm → answer and web_sources; raw_facts → triples; context → nothing more.
Cite sources by title when you use them. If the result has insufficient_coverage: true, the knowledge base holds nothing relevant: say so and do not invent an answer. coverage (0–1) says how well the passages cover the question: below ${WEAK_MATCH_COVERAGE}, tell the user the documents may not answer it. absent_words, when present, lists the question's words that no document holds.`;

const CHECK_DESCRIPTION = `Get the result of a svc_query_async job. Waits up to wait_seconds (default and maximum ${MAX_WAIT_SECONDS}) and returns as soon as the job ends.
status "working": the job is still running (deep questions can take a minute or two); call svc_check_job again with the same job_id.
status "completed": result holds the answer, facts and sources. status "failed": error says why (for example an unknown session_id or a used-up quota).`;

/** Known errors keep their API code; anything else is reported without internals. */
export function jobError(error: unknown): JobError {
  if (error instanceof ApiError) return { code: error.code, message: error.message };
  if (error instanceof ConnectionError) return { code: 'unavailable', message: error.message };
  return { code: 'internal', message: 'the query failed unexpectedly' };
}

const asText = (value: unknown) => [{ type: 'text' as const, text: JSON.stringify(value, null, 2) }];

/**
 * The agent tool server: exactly the spec's two tools, svc_query_async and svc_check_job, over
 * the HTTP API through the client library. One McpServer per connection (or per stateless HTTP
 * request); the job registry outlives them.
 */
export function createToolServer(deps: ToolServerDeps): McpServer {
  const server = new McpServer({ name: 'knowledge-desk', version: deps.version });

  server.registerTool(
    'svc_query_async',
    { title: 'Ask the knowledge base', description: QUERY_DESCRIPTION, inputSchema: queryAsyncInput, outputSchema: queryAsyncOutput },
    async (input) => {
      const request = queryFor(input);
      const jobId = deps.jobs.start(deps.scope, async () => toolResult(input.mode, await deps.client.query(request)));
      const out = { job_id: jobId, status: 'working' as const };
      return { content: asText(out), structuredContent: out };
    },
  );

  server.registerTool(
    'svc_check_job',
    {
      title: 'Check a knowledge-base job',
      description: CHECK_DESCRIPTION,
      inputSchema: checkJobInput,
      outputSchema: checkJobOutput,
      annotations: { readOnlyHint: true },
    },
    async ({ job_id, wait_seconds }, extra) => {
      const waitMs = (wait_seconds ?? MAX_WAIT_SECONDS) * 1000;
      const state = await deps.jobs.check(deps.scope, job_id, waitMs, extra.signal);
      if (!state) {
        const message = `unknown job_id '${job_id}': start a job with svc_query_async (finished jobs are kept for an hour, on the server that started them)`;
        return { content: [{ type: 'text' as const, text: message }], isError: true };
      }
      return { content: asText(state), structuredContent: { ...state } };
    },
  );
  return server;
}
