import { Command } from 'commander';
import type { GlobalOptions } from './cli-client';
import { backupCommands } from './commands/backup';
import { conversationsCommand } from './commands/conversations';
import { documentsCommand } from './commands/documents';
import { foldersCommand } from './commands/folders';
import { insertCommand } from './commands/insert';
import { jobsCommand } from './commands/jobs';
import { mcpCommand } from './commands/mcp';
import { queryCommand } from './commands/query';
import { serveCommand } from './commands/serve';
import { uploadCommand } from './commands/upload';
import { EXIT_HELP } from './exit-codes';

const ENV_HELP = `Environment:
  SVC_API_KEY   API key (default: the local owner key in the data folder)
  SVC_BASE_URL  server address (default http://127.0.0.1:8765; --url overrides)
  KB_DATA_DIR   data folder, where the owner key is found
  NO_COLOR      no colours (colours are only used on a terminal anyway)`;

const EXAMPLES = `Examples:
  kb insert "Marie Curie was born in Warsaw in 1867." --title Curie
  kb insert --file notes/*.txt
  kb upload report.pdf data.csv
  kb query "Where was Marie Curie born?"
  kb query --mode expert --keep "What did she discover?"
  kb conversations list
  kb documents facts doc_…
  kb folders add ~/Notes --include '*.md'
  kb backup kb-backup.sqlite && kb restore kb-backup.sqlite`;

/** The `kb` command line: every command wraps the HTTP API through the client library. */
export function buildProgram(version: string): Command {
  const program = new Command('kb')
    .description('Knowledge Desk from the command line: insert, upload, ask with cited sources.')
    .version(version)
    .option('--url <url>', 'server address (default SVC_BASE_URL or http://127.0.0.1:8765)')
    .exitOverride()
    .showHelpAfterError('(run kb --help for usage)')
    .addHelpText('after', `\n${EXAMPLES}\n\n${ENV_HELP}\n\n${EXIT_HELP}\n`);
  const globals = (): GlobalOptions => program.opts<GlobalOptions>();
  insertCommand(program, globals);
  uploadCommand(program, globals);
  queryCommand(program, globals);
  conversationsCommand(program, globals);
  documentsCommand(program, globals);
  foldersCommand(program, globals);
  jobsCommand(program, globals);
  backupCommands(program, globals);
  serveCommand(program);
  mcpCommand(program, globals, version);
  return program;
}
