// Whether the build in out/ is older than the sources: shared by npm start and the kb command.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/** True when `built` exists and nothing in src/ or package.json changed after it was written. */
export function isCurrent(built) {
  if (!existsSync(built)) return false;
  return Math.max(newest(join(root, 'src')), statSync(join(root, 'package.json')).mtimeMs) <= statSync(built).mtimeMs;
}
