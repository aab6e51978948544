/**
 * A stand-in for a scan's parsing and extraction threads: it lowers its priority as they do
 * (runInBackground) and keeps one core busy until terminated.
 */
import { runInBackground } from '../src/adapters/workers/background-priority';

runInBackground();
let x = 0;
for (;;) x = (x + Math.sqrt(x + 1)) % 1e9;
