import { z } from 'zod';

/** Response bodies for `/openapi.json`; they describe what api-types.ts declares. */
const timestamp = z.string().meta({ description: 'ISO 8601 UTC', example: '2026-01-31T12:00:00.000Z' });

export const errorBody = z
  .object({
    success: z.literal(false),
    error: z.object({
      code: z.string(),
      message: z.string(),
      details: z.array(z.object({ field: z.string(), problem: z.string() })).optional(),
      request_id: z.string().optional(),
    }),
    retryAfterSeconds: z.number().int().optional(),
  })
  .meta({ id: 'Error' });

export const okMessage = z.object({ success: z.boolean(), message: z.string() }).meta({ id: 'OkMessage' });

export const insertResponse = z
  .object({ success: z.boolean(), job_id: z.string(), message: z.string() })
  .meta({ id: 'InsertResponse' });

export const bulkInsertResponse = z
  .object({ success: z.boolean(), job_ids: z.array(z.string()), message: z.string() })
  .meta({ id: 'BulkInsertResponse' });

export const jobStatus = z
  .object({
    job_id: z.string(),
    status: z.enum(['pending', 'chunking', 'extracting', 'storing', 'completed', 'failed']),
    progress: z.number().min(0).max(1),
    message: z.string().optional(),
    data: z.object({ facts_extracted: z.number().int(), chunks_created: z.number().int(), document_id: z.string() }).optional(),
    error_details: z.object({ code: z.string(), message: z.string(), stage: z.string() }).optional(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'JobStatus' });

export const jobList = z.object({ jobs: z.array(jobStatus) }).meta({ id: 'JobList' });

// The shapes below without their OpenAPI id are shared with the agent tools' output schemas
// (src/mcp/tool-schemas.ts), which inline them instead of referring to the OpenAPI document.
/** The watched file a passage's document stands for; absent for inserted and uploaded documents. */
const folderFile = z
  .object({ folder_id: z.string(), path: z.string() })
  .optional()
  .meta({ description: 'Present when the document is a file of a watched folder: the folder and the path inside it' });

export const sourceFields = z.object({
  title: z.string(),
  chunk_id: z.string(),
  document_id: z.string(),
  page: z.number().int().nullable(),
  section: z.string().nullable(),
  row: z.number().int().nullable(),
  source: folderFile,
});
const source = sourceFields.meta({ id: 'Source' });

export const factSource = z.object({ document_id: z.string(), title: z.string(), chunk_id: z.string() });

export const factFields = z.object({
  fact_id: z.string(),
  subject: z.string(),
  predicate: z.string(),
  object: z.string(),
  kind: z.enum(['relationship', 'attribute']),
  confidence: z.number(),
  source: factSource,
});
const fact = factFields.meta({ id: 'Fact' });

const chunk = z
  .object({
    chunk_id: z.string(),
    document_id: z.string(),
    title: z.string(),
    text: z.string(),
    score: z.number(),
    page: z.number().int().nullable(),
    section: z.string().nullable(),
    row: z.number().int().nullable(),
    start: z.number().int(),
    end: z.number().int(),
    source: folderFile,
  })
  .meta({ id: 'RetrievedChunk' });

export const reasoningStep = z.object({ step: z.number().int(), thought: z.string(), fact_ids: z.array(z.string()) });
export const webSource = z.object({ marker: z.string(), title: z.string(), url: z.string(), snippet: z.string() });
export const webSearchUse = z.object({ used: z.boolean(), reason: z.string().optional() });

export const queryResponse = z
  .object({
    success: z.boolean(),
    summary: z.string(),
    session_id: z.string().optional(),
    total_facts: z.number().int(),
    total_chunks: z.number().int(),
    insufficient_coverage: z.boolean().optional(),
    metadata: z.object({
      entities: z.array(z.string()),
      model: z.string().meta({ description: '"extractive" when no language model wrote the answer' }),
      search_time: z.string().meta({ example: '0.012s' }),
      query_depth: z.string(),
      coverage: z.number().min(0).max(1).meta({ description: 'How sure retrieval is that the passages answer the question, 0..1; below 0.5 the answer is doubtful' }),
      absent_words: z
        .array(z.string())
        .optional()
        .meta({ description: "The question's words that no document holds, in any form, spelling or synonym (present when there are any)" }),
      web_search: webSearchUse.optional(),
      model_outage: z
        .object({ model: z.string(), message: z.string() })
        .optional()
        .meta({ description: 'The configured model stopped answering before the answer was complete; `model` is then "extractive"' }),
    }),
    sources: z.array(source),
    web_sources: z
      .array(webSource)
      .optional()
      .meta({ description: 'Web results given to the answer (web_search_enabled); the answer cites them as [W1], [W2], …' }),
    facts: z.array(fact),
    chunks: z.array(chunk),
    reasoning: z.object({ steps: z.array(reasoningStep) }).optional(),
  })
  .meta({ id: 'QueryResponse' });

export const streamEventSchema = z
  .object({ type: z.enum(['metadata', 'reasoning', 'content', 'sources', 'done', 'error']), data: z.record(z.string(), z.unknown()) })
  .meta({ id: 'StreamEvent', description: 'Each SSE frame is `data: <StreamEvent JSON>` followed by a blank line.' });

export const conversationList = z
  .object({
    conversations: z.array(
      z.object({
        session_id: z.string(),
        title: z.string(),
        created_at: timestamp,
        last_updated: timestamp,
        turn_count: z.number().int(),
        preview: z.string(),
      }),
    ),
  })
  .meta({ id: 'ConversationList' });

export const conversationDetail = z
  .object({
    session_id: z.string(),
    title: z.string(),
    created_at: timestamp,
    last_updated: timestamp,
    messages: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string(), timestamp })),
  })
  .meta({ id: 'ConversationDetail' });

export const health = z
  .object({ status: z.string(), version: z.string(), timestamp, components: z.record(z.string(), z.string()).optional() })
  .meta({ id: 'Health' });

export const signupResponse = z
  .object({ success: z.boolean(), user_id: z.string(), email: z.string(), api_key: z.string(), plan: z.string() })
  .meta({ id: 'SignupResponse' });

export const loginResponse = z
  .object({ success: z.boolean(), user_id: z.string(), api_key: z.string() })
  .meta({ id: 'LoginResponse' });

export const keyList = z
  .object({
    keys: z.array(
      z.object({
        key_id: z.string(),
        name: z.string(),
        prefix: z.string(),
        kind: z.enum(['live', 'ent']),
        created_at: timestamp,
        last_used_at: timestamp.nullable(),
        revoked: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'KeyList' });

export const createdKey = z
  .object({ success: z.boolean(), key_id: z.string(), api_key: z.string() })
  .meta({ id: 'CreatedKey' });

export const limits = z
  .object({
    success: z.boolean(),
    plan: z.string(),
    queries: z.object({
      limit: z.number().int().nullable(),
      used: z.number().int(),
      remaining: z.number().int().nullable(),
      period_start: timestamp,
      period_end: timestamp,
    }),
    rate: z.object({ requests_per_minute: z.number().int().nullable() }),
    max_upload_bytes: z.number().int(),
    max_insert_bytes: z.number().int(),
  })
  .meta({ id: 'Limits' });

const documentSchema = z
  .object({
    document_id: z.string(),
    title: z.string(),
    tags: z.array(z.string()),
    metadata: z.record(z.string(), z.unknown()),
    source: z.union([z.enum(['insert', 'upload']), z.object({ folder_id: z.string(), path: z.string() })]).meta({
      description: 'How the document came: inserted text, an uploaded file, or a file of a watched folder',
    }),
    mime_type: z.string(),
    byte_size: z.number().int(),
    char_count: z.number().int(),
    chunk_count: z.number().int(),
    fact_count: z.number().int(),
    created_at: timestamp,
    updated_at: timestamp.meta({ description: 'When the content last changed (a watched file saved again); created_at otherwise' }),
  })
  .meta({ id: 'Document' });

export const documentOut = documentSchema;
export const documentList = z
  .object({ documents: z.array(documentSchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() })
  .meta({ id: 'DocumentList' });

export const documentFactList = z
  .object({
    facts: z.array(
      fact
        .extend({
          sentence: z.string().meta({ description: 'The sentence the fact was read from' }),
          source: z.object({
            document_id: z.string(),
            title: z.string(),
            chunk_id: z.string(),
            sentence_start: z.number().int().meta({ description: 'Offset of the sentence inside the chunk text' }),
            sentence_end: z.number().int(),
          }),
        })
        .meta({ id: 'DocumentFact' }),
    ),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  })
  .meta({ id: 'DocumentFactList' });

export const chunkDetail = z
  .object({
    chunk_id: z.string(),
    document_id: z.string(),
    title: z.string(),
    text: z.string(),
    ordinal: z.number().int(),
    start: z.number().int(),
    end: z.number().int(),
    page: z.number().int().nullable(),
    section: z.string().nullable(),
    row: z.number().int().nullable(),
    source: folderFile,
  })
  .meta({ id: 'Chunk' });

export const systemInfo = z
  .object({
    version: z.string(),
    api_base_url: z.string().meta({ description: 'Where this API answers, for other tools to connect' }),
    data_dir: z.string().nullable().meta({ description: "The data folder; shown only to the machine's local owner account" }),
    components: z.record(z.string(), z.string()),
    models: z.object({
      provider: z.string().nullable().meta({ description: 'The answer model provider (e.g. ollama); null: answers are extractive' }),
      reachable: z.boolean().meta({ description: 'The provider answers; it may still have no models (available is then empty)' }),
      available: z.array(z.string()).meta({ description: 'Models the provider can run now; a query may name one in `model`' }),
    }),
  })
  .meta({ id: 'SystemInfo' });
