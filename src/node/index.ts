import { headlessServerOptions } from './headless-server-options';
import { startServer } from './start-server';
import { version } from '../../package.json';

/** Headless entry: configuration from the environment, then engine and server on 127.0.0.1. */
async function main(): Promise<void> {
  // The workers are built beside this file (electron.vite.config.ts).
  const settings = headlessServerOptions(process.env, version, import.meta.dirname);
  const started = await startServer(settings);
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
