import type { Command } from 'commander';
import { cliClient, type GlobalOptions } from '../cli-client';
import { CliExit, EXIT } from '../exit-codes';
import { out } from '../output';
import { waitWithBars } from './wait-jobs';

export function jobsCommand(program: Command, globals: () => GlobalOptions): void {
  program
    .command('jobs')
    .summary('status of insert and upload jobs (job ids from kb insert --no-wait or an upload)')
    .argument('<job_ids...>')
    .option('-w, --wait', 'wait until they end, with progress bars')
    .option('--timeout <seconds>', 'give up waiting after this long', '600')
    .option('--json', 'print JSON')
    .action(async (ids: string[], options: { wait?: boolean; timeout: string; json?: boolean }) => {
      const client = cliClient(globals());
      const jobs = options.wait
        ? await waitWithBars(client, ids.map((jobId) => ({ label: jobId, jobId })), Number(options.timeout) * 1000)
        : await Promise.all(ids.map((id) => client.jobStatus(id)));
      if (options.json) out.json(jobs);
      else for (const j of jobs) out.line(`${j.job_id} ${j.status} ${Math.round(j.progress * 100)}%${j.message ? ` ${j.message}` : ''}${j.error_details ? ` ${j.error_details.message}` : ''}`);
      if (jobs.some((j) => j.status === 'failed')) throw new CliExit(EXIT.jobFailed, 'some jobs failed');
    });
}
