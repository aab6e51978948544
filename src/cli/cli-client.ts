import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KbClient } from '../client/kb-client';
import { createClientFromEnv } from '../client/node';
import { defaultDataDir } from '../node/default-data-dir';

export interface GlobalOptions {
  url?: string;
}

/**
 * The key: SVC_API_KEY, else the local owner key that the server wrote to its data folder
 * (KB_DATA_DIR or the platform default), so `kb` works on the same machine with no setup.
 */
function ownerKey(env: NodeJS.ProcessEnv): string | undefined {
  try {
    return readFileSync(join(env.KB_DATA_DIR ?? defaultDataDir(env), 'owner.key'), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

export function cliClient(options: GlobalOptions, env: NodeJS.ProcessEnv = process.env): KbClient {
  const apiKey = env.SVC_API_KEY?.trim() || ownerKey(env);
  return createClientFromEnv({ ...(options.url ? { baseUrl: options.url } : {}), ...(apiKey ? { apiKey } : {}) }, env);
}
