import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { KbClient } from '../client/kb-client';
import { newJobRegistry } from './new-job-registry';
import { createToolServer } from './tool-server';

/**
 * The tool server on standard input/output (`kb mcp`): the agent launches it; its jobs live in
 * this process and call the API with the client's key (SVC_API_KEY). Resolves when the agent
 * closes the connection. Nothing else may write to stdout: it carries the protocol.
 */
export async function runStdioServer(client: KbClient, version: string): Promise<void> {
  const server = createToolServer({ client, jobs: newJobRegistry(), scope: 'stdio', version });
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
  });
  // The SDK's stdio transport does not notice the agent closing our stdin; the end of input is the end.
  process.stdin.once('end', () => void server.close());
  await server.connect(transport);
  await closed;
}
