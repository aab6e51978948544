import type { Command } from 'commander';
import { resolve } from 'node:path';
import type { Folder } from '../../client/types';
import { cliClient, type GlobalOptions } from '../cli-client';
import { out, styleFor } from '../output';

const style = styleFor(process.stdout);
const collect = (value: string, previous: string[]): string[] => [...previous, value];

function folderLine(f: Folder): string {
  const status = f.status === 'error' ? style.red(f.status) : f.status === 'scanning' ? style.cyan(f.status) : style.green(f.status);
  const counts = `${f.files_indexed}/${f.files_total} indexed · ${f.files_pending} pending · ${f.files_failed} failed · ${f.files_skipped} skipped`;
  return `${f.folder_id}  ${style.bold(f.path)}  ${status}  ${style.dim(counts)}${f.error ? `\n  ${style.red(f.error)}` : ''}`;
}

/** `kb folders`: watched folders of the local owner account (the server reads them from its own disk). */
export function foldersCommand(program: Command, globals: () => GlobalOptions): void {
  const folders = program.command('folders').summary('watch folders: their files become documents and follow every change');

  folders
    .command('list', { isDefault: true })
    .summary('watched folders with their progress')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      const list = await cliClient(globals()).listFolders();
      if (options.json) return out.json(list);
      if (list.length === 0) return out.line('No watched folders. Add one with: kb folders add <path>');
      for (const f of list) out.line(folderLine(f));
    });

  folders
    .command('add')
    .summary('watch a folder (a path on the server\'s disk; relative paths are taken from here)')
    .argument('<path>')
    .option('--include <glob>', 'only files matching this glob (repeatable)', collect, [])
    .option('--exclude <glob>', 'skip files and folders matching this glob (repeatable)', collect, [])
    .option('--tag <tag>', 'tag every document of the folder (repeatable)', collect, [])
    .option('--json', 'print JSON')
    .action(async (path: string, options: { include: string[]; exclude: string[]; tag: string[]; json?: boolean }) => {
      const { folder } = await cliClient(globals()).addFolder({ path: resolve(path), include: options.include, exclude: options.exclude, tags: options.tag });
      if (options.json) return out.json(folder);
      out.line(folderLine(folder));
    });

  folders
    .command('rescan')
    .summary('compare every file of a folder with what is indexed again')
    .argument('<folder_id>')
    .action(async (id: string) => {
      out.line(folderLine((await cliClient(globals()).rescanFolder(id)).folder));
    });

  folders
    .command('remove')
    .alias('rm')
    .summary('stop watching a folder; its documents are removed unless --keep-documents')
    .argument('<folder_id>')
    .option('--keep-documents', 'keep the documents as ordinary documents')
    .action(async (id: string, options: { keepDocuments?: boolean }) => {
      out.line((await cliClient(globals()).removeFolder(id, { keepDocuments: options.keepDocuments === true })).message);
    });
}
