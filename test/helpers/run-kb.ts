import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const KB_BIN = fileURLToPath(new URL('../../bin/kb.mjs', import.meta.url));

export interface KbRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the real `kb` command (bin/kb.mjs) as a child process against a server. KB_DATA_DIR points
 * nowhere, so only the key given is used, never a developer's own owner key.
 */
export function runKb(args: string[], env: { url: string; key?: string; stdin?: string }): Promise<KbRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [KB_BIN, ...args], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        SVC_BASE_URL: env.url,
        KB_DATA_DIR: '/nonexistent-kb-data-dir',
        ...(env.key ? { SVC_API_KEY: env.key } : {}),
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(env.stdin ?? '');
  });
}
