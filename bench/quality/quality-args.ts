/** Command line: `npm run bench:quality -- [--sets xquad,everyday] [--quick] [--retrieval '{"bridgeWeight":0}'] [--extract-workers N]`. */
import { defaultExtractWorkers } from '../../src/adapters/workers/worker-extractor';
import type { RetrievalConfig } from '../../src/core/config';
import { SET_NAMES, type SetName } from './quality-sets';

export interface QualityArgs {
  sets: SetName[];
  /** Answerable questions per set; null: all of them. */
  limit: number | null;
  /** Extraction worker threads during ingest, as the server runs them (one core fewer than the machine has). */
  extractWorkers: number;
  /** Retrieval settings tried instead of the defaults (for tuning, on the tuning halves). */
  retrieval: Partial<RetrievalConfig>;
}

export const QUICK_QUESTIONS = 100;
const USAGE = `usage: npm run bench:quality -- [--sets ${SET_NAMES.join(',')}] [--quick] [--retrieval JSON] [--extract-workers N]`;

export function parseQualityArgs(argv: readonly string[]): QualityArgs {
  const args: QualityArgs = { sets: [...SET_NAMES], limit: null, extractWorkers: defaultExtractWorkers(), retrieval: {} };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const value = (): string => (arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : (argv[++i] ?? ''));
    if (arg === '--quick') args.limit = QUICK_QUESTIONS;
    else if (arg === '--sets' || arg.startsWith('--sets=')) args.sets = parseSets(value());
    else if (arg === '--retrieval' || arg.startsWith('--retrieval=')) args.retrieval = JSON.parse(value()) as Partial<RetrievalConfig>;
    else if (arg === '--extract-workers' || arg.startsWith('--extract-workers=')) {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 0) throw new Error(`bad --extract-workers: expected 0 or more; ${USAGE}`);
      args.extractWorkers = n;
    } else throw new Error(`unknown argument '${arg}'; ${USAGE}`);
  }
  return args;
}

function parseSets(text: string): SetName[] {
  const names = text.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
  const bad = names.filter((n) => !(SET_NAMES as readonly string[]).includes(n));
  if (names.length === 0 || bad.length > 0) throw new Error(`bad --sets '${text}': expected a comma list of ${SET_NAMES.join(', ')}`);
  return [...new Set(names)] as SetName[];
}
