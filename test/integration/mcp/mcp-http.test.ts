import { request as httpRequest } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { KbClient } from '../../../src/client/index';
import type { ListeningServer } from '../../helpers/listening-server';
import { ask, callTool, toolServerBasics, type CheckOutput } from './tool-calls';

async function connect(url: string, key: string): Promise<Client> {
  const client = new Client({ name: 'kb-http-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } });
  await client.connect(transport);
  return client;
}

describe('agent tool server over streamable HTTP at /mcp', () => {
  const basics = toolServerBasics(connect);
  const server = (): ListeningServer => basics.server();
  const client = (): Client => basics.client();

  it('keeps a job across connections and checks, and returns at once when it has ended', async () => {
    const { job_id } = await callTool<{ job_id: string }>(client(), 'svc_query_async', { query: 'Where did Tesla live?', mode: 'chat' });
    const other = await connect(server().url, server().ownerKey);
    for (let i = 0; i < 3; i++) {
      const started = Date.now();
      const checked = await callTool<CheckOutput>(other, 'svc_check_job', { job_id });
      expect(checked.status).toBe('completed');
      expect(Date.now() - started).toBeLessThan(5000);
    }
    await other.close();
  });

  it('reports a failed query as a failed job with the API error code', async () => {
    const failed = await ask(client(), { query: 'Where did Tesla live?', mode: 'chat', session_id: 'ses_doesnotexist' });
    expect(failed.status).toBe('failed');
    expect(failed.error?.code).toBe('not_found');
    expect(failed.result).toBeUndefined();
  });

  it("does not show one account's jobs to another", async () => {
    const { job_id } = await callTool<{ job_id: string }>(client(), 'svc_query_async', { query: 'Where did Tesla live?', mode: 'context' });
    const { api_key } = await new KbClient({ baseUrl: server().url }).signup('mcp-other@example.com', 'long enough password');
    const stranger = await connect(server().url, api_key);
    const res = await stranger.callTool({ name: 'svc_check_job', arguments: { job_id } });
    expect(res.isError).toBe(true);
    await stranger.close();
  });

  it('refuses a bad key with 401 and the documented error body', async () => {
    await expect(connect(server().url, 'svc_live_wrongwrongwrongwrongwrongwrongwrong')).rejects.toThrow(/401|unauthorized/i);
    const res = await fetch(`${server().url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(await res.json()).toMatchObject({ success: false, error: { code: 'unauthorized' } });
  });

  it('refuses a request whose Host is not loopback (DNS-rebinding guard)', async () => {
    const { port } = new URL(server().url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { host: 'evil.example', authorization: `Bearer ${server().ownerKey}`, 'content-type': 'application/json' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    });
    expect(status).toBe(403);
  });

  it('validates tool input: an unknown mode is refused', async () => {
    const res = await client().callTool({ name: 'svc_query_async', arguments: { query: 'x', mode: 'poetry' } });
    expect(res.isError).toBe(true);
    expect(JSON.stringify(res.content)).toMatch(/mode/);
    const wait = await client().callTool({ name: 'svc_check_job', arguments: { job_id: 'mcpjob_x', wait_seconds: 56 } });
    expect(wait.isError).toBe(true);
  });
});
