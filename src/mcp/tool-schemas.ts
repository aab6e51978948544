import { z } from 'zod';
import { TOOL_MODES } from '../client/modes';

/** The longest a single svc_check_job call waits (the spec's long-poll bound). */
export const MAX_WAIT_SECONDS = 55;

export const queryAsyncInput = {
  query: z.string().trim().min(1).max(8000).describe('The question, in natural language.'),
  mode: z.enum(TOOL_MODES).describe(
    'context: facts plus source passages for you to reason over (no generated text). chat: short cited answer. ' +
      'expert: reasoning chain, answer and sources (slower). brainstorm: answer plus web sources (web search when configured). ' +
      'raw_facts: subject-predicate-object triples with confidence and source, no generated text.',
  ),
  session_id: z.string().min(1).max(100).optional().describe('Continue this conversation (from an earlier result.session_id).'),
  maintain_context: z.boolean().optional().describe('Start a conversation; result.session_id continues it.'),
  model: z.string().min(1).max(200).optional().describe('Answer model override; an unknown name fails the job and lists the models available.'),
  conversation_upload_ids: z.array(z.string().min(1).max(100)).max(100).optional().describe('Search only these uploads.'),
  query_depth: z.enum(['basic', 'thinking', 'research']).optional().describe(
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

const source = z.object({
  title: z.string(),
  chunk_id: z.string(),
  document_id: z.string(),
  page: z.number().nullable(),
  section: z.string().nullable(),
  row: z.number().nullable(),
  text: z.string(),
});

const factSource = z.object({ document_id: z.string(), title: z.string(), chunk_id: z.string() });

const fact = z.object({
  fact_id: z.string(),
  subject: z.string(),
  predicate: z.string(),
  object: z.string(),
  kind: z.string(),
  confidence: z.number(),
  source: factSource,
});

export const checkJobOutput = {
  status: z.enum(['completed', 'working', 'failed']),
  result: z
    .object({
      mode: z.enum(TOOL_MODES),
      context: z.object({ facts: z.array(fact), sources: z.array(source) }),
      answer: z.string().optional(),
      reasoning: z.object({ steps: z.array(z.object({ step: z.number(), thought: z.string(), fact_ids: z.array(z.string()) })) }).optional(),
      web_sources: z.array(z.object({ marker: z.string(), title: z.string(), url: z.string(), snippet: z.string() })).optional(),
      web_search: z.object({ used: z.boolean(), reason: z.string().optional() }).optional(),
      triples: z
        .array(z.object({ subject: z.string(), predicate: z.string(), object: z.string(), confidence: z.number(), source: factSource }))
        .optional(),
      insufficient_coverage: z.literal(true).optional(),
      session_id: z.string().optional(),
      model: z.string(),
    })
    .optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
};
