import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import type { Command } from 'commander';
import type { InsertRequest } from '../../client/types';
import { cliClient, type GlobalOptions } from '../cli-client';
import { CliExit, EXIT } from '../exit-codes';
import { out } from '../output';
import { waitWithBars } from './wait-jobs';

interface InsertOptions {
  file?: string[];
  title?: string;
  tag: string[];
  metadata?: string;
  wait: boolean;
  timeout: string;
  json?: boolean;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseMetadata(raw: string | undefined): Record<string, unknown> | undefined {
  if (raw === undefined) return undefined;
  try {
    const value = JSON.parse(raw) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new CliExit(EXIT.usage, '--metadata must be a JSON object, e.g. \'{"source":"notes"}\'');
}

async function documentsFrom(text: string | undefined, options: InsertOptions): Promise<InsertRequest[]> {
  const shared = { ...(options.tag.length > 0 ? { tags: options.tag } : {}), ...(options.metadata ? { metadata: parseMetadata(options.metadata) } : {}) };
  if (options.file && options.file.length > 0) {
    if (text !== undefined) throw new CliExit(EXIT.usage, 'give either TEXT or --file, not both');
    return Promise.all(options.file.map(async (path) => ({ content: await readFile(path, 'utf8'), title: options.title ?? basename(path, extname(path)), ...shared })));
  }
  const content = text === undefined || text === '-' ? (process.stdin.isTTY ? undefined : await readStdin()) : text;
  if (content === undefined) throw new CliExit(EXIT.usage, 'nothing to insert: give TEXT, --file PATH…, or pipe text on stdin');
  return [{ content, ...(options.title ? { title: options.title } : {}), ...shared }];
}

export function insertCommand(program: Command, globals: () => GlobalOptions): void {
  program
    .command('insert')
    .summary('insert text, stdin or text files (many files: one bulk insert)')
    .argument('[text]', 'the text; "-" or nothing reads stdin')
    .option('-f, --file <paths...>', 'text files, one document each, titled by file name without extension')
    .option('-t, --title <title>', 'document title')
    .option('--tag <tag>', 'a tag (repeatable)', (tag: string, all: string[]) => [...all, tag], [] as string[])
    .option('--metadata <json>', 'a JSON object attached to the document(s)')
    .option('--no-wait', 'return after the server accepted the job(s)')
    .option('--timeout <seconds>', 'give up waiting after this long', '600')
    .option('--json', 'print the job records as JSON')
    .action(async (text: string | undefined, options: InsertOptions) => {
      const client = cliClient(globals());
      const documents = await documentsFrom(text, options);
      const jobIds = documents.length === 1 && !options.file ? [(await client.insert(documents[0] as InsertRequest)).job_id] : (await client.bulkInsert(documents)).job_ids;
      if (!options.wait) {
        if (options.json) return out.json(jobIds.map((job_id) => ({ job_id })));
        return jobIds.forEach((id) => out.line(id));
      }
      const labels = documents.map((d, i) => d.title ?? `text ${i + 1}`);
      const finals = await waitWithBars(client, jobIds.map((jobId, i) => ({ label: labels[i] ?? jobId, jobId })), Number(options.timeout) * 1000);
      if (options.json) out.json(finals);
      else for (const job of finals) out.line(job.status === 'completed' ? `${job.job_id} completed: ${job.data?.chunks_created} chunks, ${job.data?.facts_extracted} facts, ${job.data?.document_id}` : `${job.job_id} ${job.status}: ${job.error_details?.message ?? ''}`);
      if (finals.some((j) => j.status === 'failed')) throw new CliExit(EXIT.jobFailed, 'some documents failed');
    });
}
