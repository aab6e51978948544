import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KbClient } from '../../../src/client/index';
import { startListeningServer, type ListeningServer } from '../../helpers/listening-server';
import { KB_BIN, runNode } from '../../helpers/run-kb';

/**
 * The MCP Inspector's command-line mode drives `kb mcp` as an agent host would. The inspector is
 * pinned to 0.15.0: its later releases require Node 22, this project runs on Node 20. Its package
 * bin starts the web UI launcher; build/index.js is the command-line client itself.
 */
const INSPECTOR = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector-cli/package.json')), 'build', 'index.js');

async function inspect(args: string[], env: Record<string, string>): Promise<{ code: number | null; json: Record<string, unknown> }> {
  const run = await runNode([INSPECTOR, process.execPath, KB_BIN, 'mcp', ...args], env);
  try {
    return { code: run.code, json: JSON.parse(run.stdout) as Record<string, unknown> };
  } catch {
    throw new Error(`inspector printed no JSON (exit ${run.code}): ${run.stdout}\n${run.stderr}`);
  }
}

describe('MCP Inspector (command-line mode) session with kb mcp', { timeout: 120_000 }, () => {
  let server: ListeningServer;
  let env: Record<string, string>;

  beforeAll(async () => {
    server = await startListeningServer();
    const kb = new KbClient({ baseUrl: server.url, apiKey: server.ownerKey });
    const { job_id } = await kb.insert({ content: 'Marie Curie was born in Warsaw in 1867. She discovered polonium with Pierre Curie.', title: 'Curie' });
    await kb.waitForJob(job_id);
    env = { SVC_API_KEY: server.ownerKey, SVC_BASE_URL: server.url };
  });
  afterAll(() => server.close());

  it('lists exactly the two tools with their input schemas', async () => {
    const { code, json } = await inspect(['--method', 'tools/list'], env);
    expect(code).toBe(0);
    const tools = json.tools as { name: string; inputSchema: { required?: string[]; properties: Record<string, { enum?: string[] }> } }[];
    expect(tools.map((t) => t.name).sort()).toEqual(['svc_check_job', 'svc_query_async']);
    const query = tools.find((t) => t.name === 'svc_query_async');
    expect(query?.inputSchema.required).toEqual(expect.arrayContaining(['query', 'mode']));
    expect(query?.inputSchema.properties.mode?.enum).toEqual(['context', 'chat', 'expert', 'brainstorm', 'raw_facts']);
  });

  it('calls svc_query_async and gets a working job', async () => {
    const { code, json } = await inspect(['--method', 'tools/call', '--tool-name', 'svc_query_async', '--tool-arg', 'query=Where was Marie Curie born?', '--tool-arg', 'mode=chat'], env);
    expect(code).toBe(0);
    expect(json.structuredContent).toMatchObject({ status: 'working', job_id: expect.stringMatching(/^mcpjob_/) });
  });

  it('calls svc_check_job; a job this process never started is a clean tool error', async () => {
    // Each inspector call launches a fresh `kb mcp`, whose stdio jobs live in that process.
    const { code, json } = await inspect(['--method', 'tools/call', '--tool-name', 'svc_check_job', '--tool-arg', 'job_id=mcpjob_00000000000000000000000000000000'], env);
    expect(code).toBe(0);
    expect(json.isError).toBe(true);
    expect(JSON.stringify(json.content)).toMatch(/unknown job_id/);
  });
});
