/**
 * Command line: `npm run bench:quality -- [--sets xquad,everyday,webnlg] [--quick] [--retrieval '{"bridgePageWeight":0}'] [--extract-workers N]
 * [--extraction-model NAME --ollama-host URL | --ollama-stand-in] [--misses N]`.
 */
import { defaultExtractWorkers } from '../../src/adapters/workers/worker-extractor';
import type { RetrievalConfig } from '../../src/core/config';
import { SET_NAMES, type SetName } from './quality-sets';

export interface QualityArgs {
  sets: SetName[];
  /** Score fact extraction on WebNLG (`--sets webnlg`). */
  extraction: boolean;
  /** Also score extraction through an Ollama model: a real server, or the test stand-in. */
  model: { name: string; host: string } | 'stand-in' | null;
  /** Unlinked tuning-half references to print, for reading. */
  misses: number;
  /** Answerable questions per set; null: all of them. */
  limit: number | null;
  /** Extraction worker threads during ingest, as the server runs them (one core fewer than the machine has). */
  extractWorkers: number;
  /** Retrieval settings tried instead of the defaults (for tuning, on the tuning halves). */
  retrieval: Partial<RetrievalConfig>;
}

export const QUICK_QUESTIONS = 100;
export const EXTRACTION_SET = 'webnlg';
const USAGE = `usage: npm run bench:quality -- [--sets ${[...SET_NAMES, EXTRACTION_SET].join(',')}] [--quick] [--retrieval JSON] [--extract-workers N] [--extraction-model NAME --ollama-host URL | --ollama-stand-in] [--misses N]`;

export function parseQualityArgs(argv: readonly string[]): QualityArgs {
  const args: QualityArgs = { sets: [...SET_NAMES], extraction: true, model: null, misses: 0, limit: null, extractWorkers: defaultExtractWorkers(), retrieval: {} };
  let modelName: string | null = null;
  let host = 'http://127.0.0.1:11434';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const value = (): string => (arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : (argv[++i] ?? ''));
    if (arg === '--quick') args.limit = QUICK_QUESTIONS;
    else if (arg === '--sets' || arg.startsWith('--sets=')) {
      const names = value();
      args.sets = parseSets(names);
      args.extraction = names.split(',').some((n) => n.trim() === EXTRACTION_SET);
    } else if (arg === '--extraction-model' || arg.startsWith('--extraction-model=')) modelName = value();
    else if (arg === '--ollama-host' || arg.startsWith('--ollama-host=')) host = value();
    else if (arg === '--ollama-stand-in') args.model = 'stand-in';
    else if (arg === '--misses' || arg.startsWith('--misses=')) args.misses = Number(value());
    else if (arg === '--retrieval' || arg.startsWith('--retrieval=')) args.retrieval = JSON.parse(value()) as Partial<RetrievalConfig>;
    else if (arg === '--extract-workers' || arg.startsWith('--extract-workers=')) {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 0) throw new Error(`bad --extract-workers: expected 0 or more; ${USAGE}`);
      args.extractWorkers = n;
    } else throw new Error(`unknown argument '${arg}'; ${USAGE}`);
  }
  if (modelName !== null) args.model = { name: modelName, host };
  return args;
}

function parseSets(text: string): SetName[] {
  const names = text.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
  const bad = names.filter((n) => !(SET_NAMES as readonly string[]).includes(n) && n !== EXTRACTION_SET);
  if (names.length === 0 || bad.length > 0) throw new Error(`bad --sets '${text}': expected a comma list of ${[...SET_NAMES, EXTRACTION_SET].join(', ')}`);
  return [...new Set(names.filter((n) => n !== EXTRACTION_SET))] as SetName[];
}
