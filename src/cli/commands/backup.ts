import { createWriteStream, openAsBlob } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Command } from 'commander';
import { cliClient, type GlobalOptions } from '../cli-client';
import { out } from '../output';

/** `kb backup FILE` and `kb restore FILE`: the account's whole knowledge base to one file and back. */
export function backupCommands(program: Command, globals: () => GlobalOptions): void {
  program
    .command('backup')
    .summary('save the whole knowledge base to one file (a consistent snapshot, taken while the server works)')
    .argument('<file>', 'where to write the backup (a SQLite file)')
    .action(async (file: string) => {
      const body = await cliClient(globals()).backup();
      // The backup holds everything in the knowledge base: readable by its owner only; no half file left behind.
      try {
        await pipeline(Readable.fromWeb(body as WebReadableStream<Uint8Array>), createWriteStream(file, { mode: 0o600 }));
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
      out.note(`backup written to ${file}`);
    });
  program
    .command('restore')
    .summary('restore a backup into an empty knowledge base (a fresh data folder or account)')
    .argument('<file>', 'a file made by kb backup or GET /backup')
    .option('--json', 'print JSON')
    .action(async (file: string, options: { json?: boolean }) => {
      const result = await cliClient(globals()).restore(await openAsBlob(file));
      if (options.json) out.json(result);
      else out.line(`restored ${result.documents} documents${result.resumed_jobs > 0 ? `, ${result.resumed_jobs} unfinished jobs resumed` : ''}`);
    });
}
