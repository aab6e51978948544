import type { Command } from 'commander';
import type { JobStatusResponse } from '../../client/types';
import { cliClient, type GlobalOptions } from '../cli-client';
import { CliExit, EXIT } from '../exit-codes';
import { out } from '../output';
import { waitWithBars } from './wait-jobs';

export function jobsCommand(program: Command, globals: () => GlobalOptions): void {
  program
    .command('jobs')
    .summary('recent insert and upload jobs, or the status of the ones named')
    .argument('[job_ids...]', 'jobs to show (default: the most recent ones)')
    .option('-n, --limit <n>', 'how many recent jobs (1-200)', '20')
    .option('-w, --wait', 'wait until they end, with progress bars')
    .option('--timeout <seconds>', 'give up waiting after this long', '600')
    .option('--json', 'print JSON')
    .action(async (ids: string[], options: { limit: string; wait?: boolean; timeout: string; json?: boolean }) => {
      const client = cliClient(globals());
      const listing = ids.length === 0;
      let jobs: JobStatusResponse[] = listing ? await client.listJobs(Number(options.limit)) : await Promise.all(ids.map((id) => client.jobStatus(id)));
      if (options.wait) jobs = await waitWithBars(client, jobs.map((j) => ({ label: j.job_id, jobId: j.job_id })), Number(options.timeout) * 1000);
      if (options.json) out.json(jobs);
      else if (listing && jobs.length === 0) out.line('No jobs yet.');
      else for (const j of jobs) out.line(`${j.job_id} ${j.status} ${Math.round(j.progress * 100)}%${j.message ? ` ${j.message}` : ''}${j.error_details ? ` ${j.error_details.message}` : ''}`);
      // A listing reports old failures without failing itself; named or awaited jobs decide the exit code.
      if ((!listing || options.wait) && jobs.some((j) => j.status === 'failed')) throw new CliExit(EXIT.jobFailed, 'some jobs failed');
    });
}
