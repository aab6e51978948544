// Test-only bootstrap: lets a worker thread run a TypeScript entry through tsx's loader.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
