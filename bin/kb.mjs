#!/usr/bin/env node
// The kb command: the built CLI (out/main/kb.js, built by npm start or npm run build) when it is
// current, else the TypeScript sources through tsx (a development dependency), so a fresh clone
// works after npm install and edits take effect without a rebuild.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isCurrent, root } from '../scripts/build-state.mjs';

const built = join(root, 'out', 'main', 'kb.js');
if (isCurrent(built)) {
  await import(pathToFileURL(built).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(root, 'src', 'cli', 'index.ts')).href);
}
