// Builds when the sources are newer than the build, then runs the headless server.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { isCurrent, root } from './build-state.mjs';

const built = join(root, 'out', 'main', 'server.js');

// The lexicon is made at install; this remakes it only if the analysis changed since (and never stops the start).
spawnSync(process.execPath, [join(root, 'scripts', 'build-lexicon.mjs')], { cwd: root, stdio: 'inherit' });

if (!isCurrent(built)) {
  console.log('Building…');
  const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import(built);
