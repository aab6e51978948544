import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import type { ListeningServer } from '../../helpers/listening-server';
import { KB_BIN } from '../../helpers/run-kb';
import { callTool, toolServerBasics, type CheckOutput } from './tool-calls';

/** Launches `kb mcp` the way an agent does: a child process speaking MCP on stdin/stdout. */
async function launch(baseUrl: string, key: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [KB_BIN, 'mcp'],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', SVC_API_KEY: key, SVC_BASE_URL: baseUrl, KB_DATA_DIR: '/nonexistent-kb-data-dir' },
    stderr: 'inherit',
  });
  const client = new Client({ name: 'kb-stdio-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/**
 * A stand-in in front of the real server, not a replacement for it: it forwards every request
 * unchanged but holds POST /query for `delayMs`, so a job is reliably still running when checked.
 */
function delayingProxy(target: string, delayMs: number): Promise<{ url: string; close(): Promise<void> }> {
  const { hostname, port } = new URL(target);
  const proxy: Server = createServer((req, res) => {
    const forward = (): void => {
      const upstream = httpRequest({ hostname, port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(upstream);
    };
    if (req.method === 'POST' && req.url === '/query') setTimeout(forward, delayMs);
    else forward();
  });
  return new Promise((resolve) => {
    proxy.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
        close: () => new Promise<void>((done) => proxy.close(() => done())),
      }),
    );
  });
}

describe('agent tool server over stdio (kb mcp as a child process)', { timeout: 120_000 }, () => {
  const basics = toolServerBasics(launch);
  const server = (): ListeningServer => basics.server();

  it('reports a slow job as working, then completed as soon as it ends', async () => {
    const proxy = await delayingProxy(server().url, 3000);
    const slow = await launch(proxy.url, server().ownerKey);
    try {
      const { job_id } = await callTool<{ job_id: string }>(slow, 'svc_query_async', { query: 'Where did Tesla live?', mode: 'chat' });
      expect((await callTool<CheckOutput>(slow, 'svc_check_job', { job_id, wait_seconds: 0 })).status).toBe('working');
      const shortWait = Date.now();
      expect((await callTool<CheckOutput>(slow, 'svc_check_job', { job_id, wait_seconds: 1 })).status).toBe('working');
      expect(Date.now() - shortWait).toBeGreaterThanOrEqual(900);
      // The default wait is 55 s; the job ends about 2 s later, and the check returns then.
      const longWait = Date.now();
      const done = await callTool<CheckOutput>(slow, 'svc_check_job', { job_id });
      expect(done.status).toBe('completed');
      expect(done.result?.answer).toMatch(/New York/);
      expect(Date.now() - longWait).toBeLessThan(20_000);
      // A finished job survives further checks.
      expect((await callTool<CheckOutput>(slow, 'svc_check_job', { job_id, wait_seconds: 0 })).status).toBe('completed');
    } finally {
      await slow.close();
      await proxy.close();
    }
  });

  it('fails the job, not the server, when the API refuses the key', async () => {
    const refused = await launch(server().url, 'svc_live_wrongwrongwrongwrongwrongwrongwrong');
    try {
      const { job_id } = await callTool<{ job_id: string }>(refused, 'svc_query_async', { query: 'Where did Tesla live?', mode: 'context' });
      const checked = await callTool<CheckOutput>(refused, 'svc_check_job', { job_id });
      expect(checked).toMatchObject({ status: 'failed', error: { code: 'unauthorized' } });
    } finally {
      await refused.close();
    }
  });
});
