import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const KB_BIN = fileURLToPath(new URL('../../bin/kb.mjs', import.meta.url));

export interface ProcessRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `node …args` with only the environment given (plus PATH and HOME) and KB_DATA_DIR pointing
 * nowhere, so a developer's own owner key is never picked up.
 */
export function runNode(args: string[], env: Record<string, string>, stdin = ''): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', KB_DATA_DIR: '/nonexistent-kb-data-dir', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

/** Runs the real `kb` command (bin/kb.mjs) as a child process against a server. */
export function runKb(args: string[], env: { url: string; key?: string; stdin?: string }): Promise<ProcessRun> {
  return runNode([KB_BIN, ...args], { SVC_BASE_URL: env.url, ...(env.key ? { SVC_API_KEY: env.key } : {}) }, env.stdin);
}
