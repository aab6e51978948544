import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
// @ts-expect-error a plain .mjs script shared with npm start, without type declarations
import { isCurrent, root } from '../../scripts/build-state.mjs';
import { reliabilityProfile } from './profile';
import { FIGURES_FILE, type Figures } from './summary';

/** The suites run the built server, as users do: build it first when the sources are newer. */
export function setup(): void {
  if (!(isCurrent as (file: string) => boolean)(join(root as string, 'out', 'main', 'server.js'))) {
    const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: root as string, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the build failed');
  }
  mkdirSync(dirname(FIGURES_FILE), { recursive: true });
  writeFileSync(FIGURES_FILE, '');
}

export function teardown(): void {
  const file = FIGURES_FILE;
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const sections = lines.map((l) => JSON.parse(l) as { section: string; figures: Figures });
  const profile = reliabilityProfile();
  const out = [`\nReliability summary (profile ${profile.name})`];
  for (const { section, figures } of sections) {
    out.push(`  ${section}`);
    for (const [name, value] of Object.entries(figures)) out.push(`    ${name.padEnd(40)} ${value}`);
  }
  console.log(out.join('\n'));
  writeFileSync(file.replace(/\.jsonl$/, '.json'), JSON.stringify({ profile, sections }, null, 2));
}
