import { z } from 'zod';
import type { RequestLimits } from './limits';

/**
 * The API's request and response schemas: they validate requests at the HTTP edge and generate
 * `/openapi.json`, so the documentation cannot drift from what is enforced. Request limits are
 * configurable, hence the factory.
 */
export function createApiSchemas(limits: RequestLimits) {
  const nonEmpty = (field: string, max?: number) => {
    // Length checks rather than refinements, so the bounds show as minLength and maxLength in the
    // schemas (OpenAPI and the agent tools); the refinement adds only "not just white space".
    const text = z.string({ error: (issue) => (issue.input === undefined ? 'required' : `${field} must be a string`) }).min(1, `${field} must not be empty`);
    const bounded = max === undefined ? text : text.max(max, `${field} must be at most ${max} characters`);
    return bounded.refine((v) => v.length === 0 || v.trim().length > 0, `${field} must not be empty`);
  };
  const metadata = z
    .record(z.string(), z.unknown())
    .refine((v) => new TextEncoder().encode(JSON.stringify(v)).length <= limits.maxMetadataBytes, `metadata must serialise to at most ${limits.maxMetadataBytes} bytes`)
    .meta({ description: 'Arbitrary JSON object attached to the document' });

  const insertRequest = z
    .object({
      content: nonEmpty('content').meta({ description: 'Text to insert' }),
      title: z.string().max(limits.maxTitleChars).optional().meta({ description: 'Document title (default "Untitled")' }),
      tags: z.array(z.string().max(limits.maxTagChars)).max(limits.maxTags).optional(),
      metadata: metadata.optional(),
    })
    .meta({ id: 'InsertRequest' });

  const queryRequest = z
    .object({
      query: nonEmpty('query', limits.maxQueryChars),
      stream: z.boolean().optional().default(false),
      response_mode: z.enum(['chat', 'thinking', 'research']).optional().default('chat'),
      query_depth: z.enum(['basic', 'thinking', 'research']).optional(),
      model: z.string().min(1).max(200).optional(),
      session_id: z.string().min(1).max(100).optional(),
      maintain_context: z.boolean().optional().default(false),
      include_summary: z.boolean().optional().default(true),
      web_search_enabled: z.boolean().optional().default(false),
      conversation_upload_ids: z.array(z.string().min(1).max(100)).max(100).optional(),
    })
    .meta({ id: 'QueryRequest' });

  return {
    insertRequest,
    bulkInsertRequest: z
      .object({ documents: z.array(insertRequest).min(1).max(limits.maxBulkDocuments) })
      .meta({ id: 'BulkInsertRequest' }),
    queryRequest,
    renameRequest: z
      .object({ title: nonEmpty('title', limits.maxConversationTitleChars) })
      .meta({ id: 'RenameConversationRequest' }),
    credentials: z
      .object({
        email: z.email({ error: 'email must be a valid e-mail address' }).max(254),
        password: z.string().min(8, 'password must be at least 8 characters').max(1024),
      })
      .meta({ id: 'Credentials' }),
    createKeyRequest: z
      .object({ name: nonEmpty('name', 100), kind: z.enum(['live', 'ent']).optional().default('live') })
      .meta({ id: 'CreateKeyRequest' }),
    limitParam: z.object({
      limit: z.coerce.number().int().min(1).max(200).optional().default(50),
    }),
    pageParams: z.object({
      limit: z.coerce.number().int().min(1).max(200).optional().default(50),
      offset: z.coerce.number().int().min(0).optional().default(0),
    }),
  };
}

export type ApiSchemas = ReturnType<typeof createApiSchemas>;
export type InsertRequest = z.infer<ApiSchemas['insertRequest']>;
export type QueryRequest = z.infer<ApiSchemas['queryRequest']>;
export type ResponseMode = QueryRequest['response_mode'];
export type QueryDepthName = NonNullable<QueryRequest['query_depth']>;
