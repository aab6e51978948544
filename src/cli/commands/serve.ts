import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Command } from 'commander';

/** The project folder: the same walk works from src/cli/commands and from the built out/main. */
function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'scripts', 'start.mjs'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cannot find scripts/start.mjs above the kb command');
    dir = parent;
  }
  return dir;
}

export function serveCommand(program: Command): void {
  program
    .command('serve')
    .summary('run the headless server (what npm start runs): engine and API on 127.0.0.1')
    .option('-p, --port <port>', 'port (KB_PORT, default 8765)')
    .option('--data-dir <dir>', 'data folder (KB_DATA_DIR)')
    .action(async (options: { port?: string; dataDir?: string }) => {
      // The server reads its settings from the environment in one place (src/node/config-from-env.ts).
      if (options.port) process.env.KB_PORT = options.port;
      if (options.dataDir) process.env.KB_DATA_DIR = options.dataDir;
      await import(pathToFileURL(join(projectRoot(), 'scripts', 'start.mjs')).href);
      // The server keeps the process alive; it stops on SIGINT or SIGTERM.
      await new Promise<never>(() => undefined);
    });
}
