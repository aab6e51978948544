import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkJobOutput, queryAsyncInput } from '../../../src/mcp/tool-schemas';
import { createApiSchemas } from '../../../src/shared/api-schemas';
import { DEFAULT_REQUEST_LIMITS } from '../../../src/shared/limits';

const tool = z.object(queryAsyncInput);
const api = createApiSchemas(DEFAULT_REQUEST_LIMITS).queryRequest;
const messages = (result: { success: boolean; error?: z.ZodError }): string[] => result.error?.issues.map((i) => i.message) ?? [];

describe('svc_query_async input', () => {
  it('refuses what POST /query refuses, with the same words', () => {
    const cases = [
      { query: '' },
      { query: '   ' },
      { query: 'x'.repeat(DEFAULT_REQUEST_LIMITS.maxQueryChars + 1) },
      { query: 'ok', session_id: '' },
      { query: 'ok', model: 'm'.repeat(201) },
      { query: 'ok', query_depth: 'deep' },
      { query: 'ok', conversation_upload_ids: Array.from({ length: 101 }, (_, i) => `upl_${i}`) },
    ];
    for (const fields of cases) {
      const viaTool = tool.safeParse({ ...fields, mode: 'chat' });
      expect(viaTool.success, JSON.stringify(fields).slice(0, 80)).toBe(false);
      expect(messages(viaTool)).toEqual(messages(api.safeParse(fields)));
    }
    expect(tool.safeParse({ query: 'x'.repeat(DEFAULT_REQUEST_LIMITS.maxQueryChars), mode: 'chat' }).success).toBe(true);
  });

  it('shows the API’s bounds to agents in the JSON schema', () => {
    const schema = z.toJSONSchema(tool, { io: 'input' }) as { required: string[]; properties: Record<string, { minLength?: number; maxLength?: number; enum?: string[] }> };
    expect(schema.required).toEqual(['query', 'mode']);
    expect(schema.properties.query).toMatchObject({ minLength: 1, maxLength: DEFAULT_REQUEST_LIMITS.maxQueryChars });
    expect(schema.properties.query_depth?.enum).toEqual(['basic', 'thinking', 'research']);
    expect(schema.properties.mode?.enum).toEqual(['context', 'chat', 'expert', 'brainstorm', 'raw_facts']);
  });
});

describe('svc_check_job output', () => {
  it('accepts a fact as /query returns it and refuses a fact kind the API never sends', () => {
    const fact = { fact_id: 'f1', subject: 'Marie Curie', predicate: 'born in', object: 'Warsaw', kind: 'relationship', confidence: 0.9, source: { document_id: 'd', title: 'Curie', chunk_id: 'c' } };
    const result = (kind: string) => ({ status: 'completed', result: { mode: 'context', model: 'extractive', coverage: 0.8, context: { facts: [{ ...fact, kind }], sources: [] } } });
    expect(z.object(checkJobOutput).safeParse(result('relationship')).success).toBe(true);
    expect(z.object(checkJobOutput).safeParse(result('rumour')).success).toBe(false);
  });
});
