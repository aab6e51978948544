import { basename } from 'node:path';
import type { Command } from 'commander';
import type { KbClient } from '../../client/kb-client';
import { uploadPath } from '../../client/node';
import type { UploadStatus } from '../../client/types';
import { cliClient, type GlobalOptions } from '../cli-client';
import { CliExit, EXIT } from '../exit-codes';
import { out } from '../output';
import { ProgressBars } from '../progress';

interface UploadOptions {
  save: boolean;
  password?: string;
  wait: boolean;
  timeout: string;
  json?: boolean;
}

/** Sends one file and follows its job to the end, drawing its bar. */
async function uploadOne(client: KbClient, path: string, options: UploadOptions, bars: ProgressBars, bar: number): Promise<UploadStatus> {
  bars.update(bar, { stage: 'sending' });
  const accepted = await uploadPath(client, path, { saveToMemory: options.save, ...(options.password ? { password: options.password } : {}) });
  const first = await client.uploadStatus(accepted.upload_id);
  if (!options.wait) return first;
  const timeoutMs = Number(options.timeout) * 1000;
  if (first.job_id) {
    await client.waitForJob(first.job_id, { timeoutMs, onUpdate: (job) => bars.update(bar, { progress: job.status === 'completed' ? 1 : job.progress, stage: job.status }) });
  }
  const final = await client.waitForUpload(accepted.upload_id, { timeoutMs });
  bars.update(bar, { progress: 1, stage: final.status, done: final.status !== 'failed', failed: final.status === 'failed' });
  return final;
}

export function uploadCommand(program: Command, globals: () => GlobalOptions): void {
  program
    .command('upload')
    .summary('upload files (PDF, Markdown, CSV, text, DOCX) with progress bars')
    .argument('<files...>', 'the files')
    .option('--no-save', 'index for this upload only (reachable with kb query --upload ID), not the knowledge base')
    .option('--password <password>', 'password of an encrypted PDF')
    .option('--no-wait', 'return after the server accepted the files')
    .option('--timeout <seconds>', 'give up waiting after this long', '1800')
    .option('--json', 'print the upload status records as JSON')
    .action(async (files: string[], options: UploadOptions) => {
      const client = cliClient(globals());
      const bars = new ProgressBars();
      const rows = files.map((path) => ({ path, bar: bars.add(basename(path)) }));
      // Two at a time: the server processes uploads in a queue anyway, and the bars stay honest.
      const results: UploadStatus[] = new Array<UploadStatus>(rows.length);
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < rows.length) {
          const i = next++;
          const row = rows[i];
          if (row) results[i] = await uploadOne(client, row.path, options, bars, row.bar);
        }
      };
      await Promise.all([worker(), worker()]);
      if (options.json) out.json(results);
      else {
        for (const u of results) {
          const detail = u.status === 'failed' ? u.error_details?.message ?? '' : `${u.chunks_created} chunks, ${u.facts_extracted} facts${u.document_id ? `, ${u.document_id}` : ''}`;
          out.line(`${u.upload_id} ${u.filename} ${u.status}: ${detail}`);
        }
      }
      if (results.some((u) => u.status === 'failed')) throw new CliExit(EXIT.jobFailed, 'some uploads failed');
    });
}
