import type { Command } from 'commander';
import { cliClient, type GlobalOptions } from '../cli-client';

export function mcpCommand(program: Command, globals: () => GlobalOptions, version: string): void {
  program
    .command('mcp')
    .summary('the agent tool server on stdin/stdout (SVC_API_KEY, SVC_BASE_URL)')
    .description(
      'Runs the MCP tool server (svc_query_async, svc_check_job) on standard input/output, for an agent to launch.\n' +
        'It calls the API at SVC_BASE_URL (default http://127.0.0.1:8765) with the key in SVC_API_KEY\n' +
        '(default: the local owner key). The server must be running (kb serve or the desktop app).',
    )
    .action(async () => {
      // Loaded here, so the other commands do not pay for the MCP SDK at start-up.
      const { runStdioServer } = await import('../../mcp/stdio-server');
      await runStdioServer(cliClient(globals()), version);
    });
}
