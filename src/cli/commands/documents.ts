import type { Command } from 'commander';
import { cliClient, type GlobalOptions } from '../cli-client';
import { out, styleFor } from '../output';

const style = styleFor(process.stdout);

export function documentsCommand(program: Command, globals: () => GlobalOptions): void {
  const documents = program.command('documents').alias('docs').summary('the document library, and the facts read from a document');

  documents
    .command('list', { isDefault: true })
    .summary('documents, newest first')
    .option('-n, --limit <n>', 'how many (1-200)', '50')
    .option('--offset <n>', 'skip this many', '0')
    .option('--json', 'print JSON')
    .action(async (options: { limit: string; offset: string; json?: boolean }) => {
      const list = await cliClient(globals()).listDocuments({ limit: Number(options.limit), offset: Number(options.offset) });
      if (options.json) return out.json(list);
      if (list.total === 0) return out.line('No documents yet. Add one with: kb insert "…" or kb upload FILE');
      for (const d of list.documents) out.line(`${d.document_id}  ${style.bold(d.title)}  ${style.dim(`${d.chunk_count} chunks · ${d.fact_count} facts · ${d.created_at}`)}`);
      out.note(`${list.offset + list.documents.length} of ${list.total}`);
    });

  documents
    .command('facts')
    .summary('every fact read from a document, with the sentence it came from')
    .argument('<document_id>')
    .option('-n, --limit <n>', 'how many (1-200)', '50')
    .option('--offset <n>', 'skip this many', '0')
    .option('--json', 'print JSON')
    .action(async (id: string, options: { limit: string; offset: string; json?: boolean }) => {
      const page = await cliClient(globals()).documentFacts(id, { limit: Number(options.limit), offset: Number(options.offset) });
      if (options.json) return out.json(page);
      if (page.total === 0) return out.line('No facts were read from this document.');
      for (const f of page.facts) {
        out.line(`${style.bold(f.subject)} ${style.cyan(f.predicate)} ${style.bold(f.object)}  ${style.dim(f.confidence.toFixed(2))}`);
        out.line(`  ${style.dim(f.sentence)}`);
      }
      out.note(`${page.offset + page.facts.length} of ${page.total} facts`);
    });
}
