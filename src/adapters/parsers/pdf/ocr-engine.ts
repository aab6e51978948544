import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Tesseract from 'tesseract.js';

/**
 * tesseract.js, strictly offline: the language data comes from the installed
 * `@tesseract.js-data/<lang>` folder (`langPath` is a plain directory, which tesseract.js reads
 * with `fs`; a URL would make it fetch), the wasm core is `tesseract.js-core` from node_modules,
 * and `cacheMethod: 'none'` keeps it from writing a copy of the data into the working directory.
 */

export interface OcrSettings {
  /** Tesseract language codes, e.g. ['eng']. Languages without local data are skipped. */
  languages: string[];
  /** Folder holding `<lang>.traineddata.gz`; defaults to the installed English "best_int" data. */
  langPath?: string;
}

export interface OcrLine {
  text: string;
  /** 0–100. */
  confidence: number;
  /** Pixel box of the line. */
  x0: number;
  x1: number;
  y1: number;
  /** Height of the text row in pixels (a font size in pixel units). */
  height: number;
}

export interface OcrResult {
  /** Tesseract's text blocks (it segments columns into blocks), each a list of lines. */
  blocks: OcrLine[][];
  confidence: number;
}

export interface OcrEngine {
  /** The languages actually loaded. */
  readonly languages: string[];
  read(image: Buffer): Promise<OcrResult>;
  close(): Promise<void>;
}

// Tesseract's LSTM engine: the only one the "best_int" data supports.
const LSTM_ONLY = 1;

export function defaultLangPath(): string {
  const pkg = createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json');
  return path.join(path.dirname(pkg), '4.0.0_best_int');
}

/** The requested languages that have data in `langPath`. */
export function availableLanguages(settings: OcrSettings): { langPath: string; found: string[]; missing: string[] } {
  const langPath = settings.langPath ?? defaultLangPath();
  const found: string[] = [];
  const missing: string[] = [];
  for (const lang of settings.languages) {
    if (existsSync(path.join(langPath, `${lang}.traineddata.gz`))) found.push(lang);
    else missing.push(lang);
  }
  return { langPath, found, missing };
}

interface TessBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
interface TessLine {
  text: string;
  confidence: number;
  bbox: TessBox;
  rowAttributes?: { rowHeight?: number };
}
interface TessBlock {
  paragraphs: Array<{ lines: TessLine[] }>;
}

function toLine(l: TessLine): OcrLine {
  const height = l.rowAttributes?.rowHeight ?? l.bbox.y1 - l.bbox.y0;
  return { text: l.text.trim(), confidence: l.confidence, x0: l.bbox.x0, x1: l.bbox.x1, y1: l.bbox.y1, height: Math.max(1, height) };
}

export async function createOcrEngine(settings: OcrSettings): Promise<OcrEngine> {
  const { langPath, found } = availableLanguages(settings);
  if (found.length === 0) throw new Error(`No OCR language data found in ${langPath}.`);
  const worker = await Tesseract.createWorker(found, LSTM_ONLY, {
    langPath,
    gzip: true,
    cacheMethod: 'none',
    logger: () => undefined,
    errorHandler: () => undefined,
  });
  // Tesseract prints diagnostics ("Image too small to scale!!") to stdout; send them nowhere.
  await worker.setParameters({ debug_file: '/dev/null' });
  return {
    languages: found,
    async read(image) {
      const { data } = await worker.recognize(image, {}, { blocks: true, text: true });
      const blocks = ((data.blocks ?? []) as unknown as TessBlock[]).map((b) => b.paragraphs.flatMap((p) => p.lines.map(toLine)));
      return { blocks: blocks.filter((b) => b.length > 0), confidence: data.confidence };
    },
    async close() {
      await worker.terminate();
    },
  };
}
