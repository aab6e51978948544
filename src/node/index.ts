import { fileURLToPath } from 'node:url';
import { settingsFromEnv } from './config-from-env';
import { startServer } from './start-server';
import { version } from '../../package.json';

/** Headless entry: configuration from the environment, then engine and server on 127.0.0.1. */
async function main(): Promise<void> {
  const settings = settingsFromEnv(process.env, version);
  // The workers are built beside this file (out/main/extract-worker.js, pdf-worker.js, document-worker.js).
  const script = { url: new URL('./extract-worker.js', import.meta.url) };
  const pdfWorker = { url: new URL('./pdf-worker.js', import.meta.url) };
  const parseWorker = { url: new URL('./document-worker.js', import.meta.url) };
  const models = {
    config: settings.engine.models,
    modelDirs: [fileURLToPath(new URL('../../resources/models', import.meta.url))],
    embedWorker: { url: new URL('./embed-worker.js', import.meta.url) },
  };
  // Built at install time beside the models (scripts/build-lexicon.mjs); read on the first query.
  const lexicon = { file: fileURLToPath(new URL('../../resources/lexicon.json.gz', import.meta.url)), warn: (message: string) => console.warn(message) };
  const uiDir = fileURLToPath(new URL('../renderer', import.meta.url));
  const started = await startServer({ ...settings, uiDir, adapters: { extractWorkers: { script, count: settings.extractWorkers }, pdfWorker, parseWorker, models, lexicon } });
  const { server, owner, resumedJobs } = started;
  console.log(`Knowledge Desk ${version} listening on ${server.url} (open it in a browser for the app)`);
  console.log(`Data folder: ${settings.engine.dataDir}`);
  console.log(`${owner.created ? 'Created the local owner key' : 'Owner key'} in ${owner.keyFile}`);
  console.log(`Try: curl -H "Authorization: Bearer $(cat '${owner.keyFile}')" ${server.url}/api/user/limits`);
  if (resumedJobs > 0) console.log(`Resumed ${resumedJobs} unfinished job(s)`);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping`);
    started.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
