import { z } from 'zod';
import { TOOL_MODES } from '../client/modes';
import { createApiSchemas } from '../shared/api-schemas';
import { factFields, reasoningStep, sourceFields, webSearchUse, webSource } from '../shared/api-response-schemas';
import { DEFAULT_REQUEST_LIMITS } from '../shared/limits';

/** The longest a single svc_check_job call waits (the spec's long-poll bound). */
export const MAX_WAIT_SECONDS = 55;

// The fields a tool passes through to POST /query are the API's own, so their types and limits
// cannot drift; only the descriptions are the agent's.
const query = createApiSchemas(DEFAULT_REQUEST_LIMITS).queryRequest.shape;

export const queryAsyncInput = {
  query: query.query.describe('The question, in natural language.'),
  mode: z.enum(TOOL_MODES).describe(
    'context: facts plus source passages for you to reason over (no generated text). chat: short cited answer. ' +
      'expert: reasoning chain, answer and sources (slower). brainstorm: answer plus web sources (web search when configured). ' +
      'raw_facts: subject-predicate-object triples with confidence and source, no generated text.',
  ),
  session_id: query.session_id.describe('Continue this conversation (from an earlier result.session_id).'),
  maintain_context: query.maintain_context.describe('Start a conversation; result.session_id continues it.'),
  model: query.model.describe('Answer model override; an unknown name fails the job and lists the models available.'),
  conversation_upload_ids: query.conversation_upload_ids.describe('Search only these uploads.'),
  query_depth: query.query_depth.describe(
    'How far to walk the knowledge graph: basic (normal, one hop), thinking (across documents), research (exhaustive, expensive).',
  ),
};

export const queryAsyncOutput = {
  job_id: z.string(),
  status: z.literal('working'),
};

export const checkJobInput = {
  job_id: z.string().min(1).max(100).describe('The job_id that svc_query_async returned.'),
  wait_seconds: z
    .number()
    .int()
    .min(0)
    .max(MAX_WAIT_SECONDS)
    .optional()
    .describe(`Wait up to this long for the job to end (default and maximum ${MAX_WAIT_SECONDS}); it returns as soon as the job ends.`),
};

/** A cited passage with its text, so an agent can quote it without another call. */
const toolSource = sourceFields.extend({ text: z.string() });

export const checkJobOutput = {
  status: z.enum(['completed', 'working', 'failed']),
  result: z
    .object({
      mode: z.enum(TOOL_MODES),
      context: z.object({ facts: z.array(factFields), sources: z.array(toolSource) }),
      answer: z.string().optional(),
      reasoning: z.object({ steps: z.array(reasoningStep) }).optional(),
      web_sources: z.array(webSource).optional(),
      web_search: webSearchUse.optional(),
      triples: z.array(factFields.pick({ subject: true, predicate: true, object: true, confidence: true, source: true })).optional(),
      insufficient_coverage: z.literal(true).optional(),
      coverage: z.number().min(0).max(1),
      absent_words: z.array(z.string()).optional(),
      session_id: z.string().optional(),
      model: z.string(),
    })
    .optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
};
