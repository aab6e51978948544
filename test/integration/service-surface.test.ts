import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/core/config';
import { startTestServer, type TestServer } from '../helpers/test-server';

describe('service surface', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ limits: { ...DEFAULT_LIMITS, maxRequestBytes: 100_000 } });
  });
  afterAll(() => server.close());

  it('GET /health answers without a key', async () => {
    const res = await server.request('GET', '/health', { key: null });
    const body = (await res.json()) as { status: string; version: string; timestamp: string };
    expect(res.status).toBe(200);
    expect(body.status).toBe('healthy');
    expect(body.version).toBe('test');
    expect(Number.isNaN(Date.parse(body.timestamp))).toBe(false);
  });

  it('refuses a foreign Host header (DNS rebinding) with 403', async () => {
    for (const host of ['evil.example.com', 'evil.example.com:8765', '192.168.1.5:8765']) {
      const res = await server.request('GET', '/health', { key: null, headers: { host } });
      expect(res.status, host).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('forbidden');
    }
    for (const host of ['localhost:8765', '127.0.0.1:8765', '[::1]:8765']) {
      expect((await server.request('GET', '/health', { key: null, headers: { host } })).status, host).toBe(200);
    }
  });

  it("allows CORS only from the app's own origin", async () => {
    const own = await server.request('GET', '/health', { key: null, headers: { origin: 'http://127.0.0.1:8765' } });
    expect(own.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:8765');
    const foreign = await server.request('GET', '/health', { key: null, headers: { origin: 'https://evil.example.com' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers 413 for a body over the request limit', async () => {
    const res = await server.request('POST', '/insert', { body: { content: 'a '.repeat(60_000) } });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
  });

  it('answers 404 in the documented shape for an unknown endpoint', async () => {
    const res = await server.request('GET', '/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, error: { code: 'not_found' } });
  });

  it('serves an OpenAPI 3.1 document generated from the validating schemas', async () => {
    const { status, body } = await server.json<{
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
      components: { schemas: Record<string, { properties?: Record<string, { enum?: string[]; maxLength?: number }> }> };
    }>('GET', '/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    for (const path of ['/query', '/insert', '/insert/bulk', '/job-status/{job_id}', '/conversations', '/conversations/{conversation_id}', '/conversations/{conversation_id}/title', '/health', '/api/auth/signup', '/api/auth/login', '/api/auth/keys', '/api/auth/keys/{key_id}', '/api/user/limits', '/documents', '/documents/{document_id}', '/documents/{document_id}/facts', '/chunks/{chunk_id}']) {
      expect(body.paths[path], path).toBeDefined();
    }
    const query = body.components.schemas.QueryRequest?.properties;
    expect(query?.response_mode?.enum).toEqual(['chat', 'thinking', 'research']);
    expect(query?.query_depth?.enum).toEqual(['basic', 'thinking', 'research']);
    expect(body.components.schemas.InsertRequest?.properties?.title?.maxLength).toBe(500);
  });
});
