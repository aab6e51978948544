/** Command line: `npm run bench -- --sizes 1000,10000 [--no-quality] [--no-legs] [--profile] [--no-uploads] [--no-ocr] [--no-folders] [--no-encoder] [--extract-workers N]`. */
import { defaultExtractWorkers } from '../src/adapters/workers/worker-extractor';

export interface BenchArgs {
  sizes: number[];
  quality: boolean;
  legs: boolean;
  /** Time every adapter call and SQL statement (slightly slows the run; for finding hot spots). */
  profile: boolean;
  /** Upload throughput (PDF pages/s, CSV rows/s) through the engine's upload path. */
  uploads: boolean;
  /** Include the scanned PDFs (OCR, a few minutes) in the upload figures. */
  ocr: boolean;
  /** A watched folder's first scan and save-to-searchable latency. */
  folders: boolean;
  /** The sentence encoder's call in a doubtful question, one worker against the app's pool. */
  encoder: boolean;
  /** Extraction worker threads, as the server runs them (KB_EXTRACT_WORKERS, one core fewer than the machine has); 0: in-process. */
  extractWorkers: number;
}

const DEFAULT_SIZES = [1_000, 10_000, 100_000];

export function parseArgs(argv: readonly string[]): BenchArgs {
  const args: BenchArgs = { sizes: DEFAULT_SIZES, quality: true, legs: true, profile: false, uploads: true, ocr: true, folders: true, encoder: true, extractWorkers: defaultExtractWorkers() };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--no-quality') args.quality = false;
    else if (arg === '--no-legs') args.legs = false;
    else if (arg === '--profile') args.profile = true;
    else if (arg === '--no-uploads') args.uploads = false;
    else if (arg === '--no-ocr') args.ocr = false;
    else if (arg === '--no-folders') args.folders = false;
    else if (arg === '--no-encoder') args.encoder = false;
    else if (arg === '--extract-workers' || arg.startsWith('--extract-workers=')) {
      const value = Number(arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i]);
      if (!Number.isInteger(value) || value < 0) throw new Error('bad --extract-workers: expected 0 or more');
      args.extractWorkers = value;
    } else if (arg === '--sizes' || arg.startsWith('--sizes=')) {
      const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : (argv[++i] ?? '');
      args.sizes = value === 'none' ? [] : value.split(',').map(parseSize);
    } else {
      throw new Error(`unknown argument '${arg}'; usage: npm run bench -- [--sizes 1000,10000|none] [--no-quality] [--no-legs] [--profile] [--no-uploads] [--no-ocr] [--no-folders] [--no-encoder] [--extract-workers N]`);
    }
  }
  return args;
}

/** Accepts 1000, 10k or 100_000. */
function parseSize(text: string): number {
  const match = /^(\d[\d_]*)(k?)$/iu.exec(text.trim());
  const n = match ? Number((match[1] ?? '').replaceAll('_', '')) * (match[2] ? 1000 : 1) : NaN;
  if (!Number.isInteger(n) || n <= 0) throw new Error(`bad size '${text}': expected a positive chunk count such as 10000 or 10k`);
  return n;
}
