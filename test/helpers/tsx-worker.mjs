// Test-only bootstrap: lets a worker thread run a TypeScript entry through tsx's loader.
import { register as registerHooks } from 'node:module';
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
// Installed ES modules need no transform, but tsx's loader would still process them, and a PDF
// worker loads pdf.js (two 2 MB modules) afresh in every thread: that cost seconds per parse. A
// hook registered after tsx runs first and hands such files to Node as they are.
const passInstalledModules = `
import { readFile } from 'node:fs/promises';
export async function load(url, context, next) {
  if (url.startsWith('file:') && url.includes('/node_modules/') && (url.endsWith('.mjs') || (url.endsWith('.js') && context.format === 'module'))) {
    return { format: 'module', source: await readFile(new URL(url)), shortCircuit: true };
  }
  return next(url, context);
}`;
registerHooks(`data:text/javascript,${encodeURIComponent(passInstalledModules)}`);
await import(workerData.entry);
