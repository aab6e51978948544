import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER_JS = fileURLToPath(new URL('../../out/main/server.js', import.meta.url));

export interface ServerProcess {
  url: string;
  port: number;
  dataDir: string;
  ownerKey: string;
  child: ChildProcess;
  /** Resident memory of the server process, in bytes (Linux /proc). */
  rssBytes(): number;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export function newDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'kb-rel-'));
}

/** Keeps the server's log in test-results (for a failure's post-mortem), then removes the data folder. */
export function removeDataDir(dataDir: string, name: string): void {
  const log = join(dataDir, 'server.log');
  if (existsSync(log)) copyFileSync(log, fileURLToPath(new URL(`../../test-results/reliability-${name}-server.log`, import.meta.url)));
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * The built headless server (what `npm start` runs) as its own process on a data folder and a free
 * port; `nodeArgs` go to node before the script (the soak's memory probe).
 */
export async function startServerProcess(dataDir: string, env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<ServerProcess> {
  const port = await freePort();
  const log = createWriteStream(join(dataDir, 'server.log'), { flags: 'a' });
  const child = spawn(process.execPath, [...nodeArgs, SERVER_JS], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', KB_DATA_DIR: dataDir, KB_PORT: String(port), KB_EXTRACT_WORKERS: '1', OLLAMA_HOST: 'http://127.0.0.1:9', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}; see ${join(dataDir, 'server.log')}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not answer /health; see ${join(dataDir, 'server.log')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    dataDir,
    ownerKey: readFileSync(join(dataDir, 'owner.key'), 'utf8').trim(),
    child,
    rssBytes: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** fetch with the key, JSON in and out. */
export async function api<T = Record<string, unknown>>(server: { url: string; ownerKey: string }, method: string, path: string, body?: unknown, key = server.ownerKey): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: the caller asserts on the status and sees the text
  }
  return { status: res.status, body: parsed as T };
}
