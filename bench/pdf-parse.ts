/**
 * PDF parsing throughput, in process (the parser's worker adds a one-off start-up per file).
 *
 *   npx tsx bench/pdf-parse.ts            # text-layer pages/s, then seconds per OCR page
 *   npx tsx bench/pdf-parse.ts --no-ocr   # text layer only
 *
 * Text-layer figures use OCR off, so TAMReview's 21 glyph-id pages count as (skipped) pages.
 * OCR figures: one scanned page end to end, and three of TAMReview's unreadable pages, from
 * which the text-only time is subtracted. It prints figures and never asserts.
 */
import { readFileSync } from 'node:fs';
import { parsePdfInProcess } from '../src/adapters/parsers/pdf/parse-pdf';
import type { PdfParseOptions } from '../src/adapters/parsers/pdf/pdf-settings';

const PDF_DIR = new URL('../../shared/data/pdf/', import.meta.url);
const TEXT_FILES = ['tracemonkey.pdf', 'pdkids.pdf', 'TAMReview.pdf'];
const RUNS = 3;

const log = (line: string): void => void process.stderr.write(`${line}\n`);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function time(file: string, options: PdfParseOptions): Promise<{ ms: number; pages: number; blocks: number }> {
  const bytes = new Uint8Array(readFileSync(new URL(file, PDF_DIR)));
  const started = performance.now();
  const doc = await parsePdfInProcess(bytes, options);
  return { ms: performance.now() - started, pages: doc.pages ?? 0, blocks: doc.blocks.length };
}

async function textLayer(): Promise<void> {
  // Warm-up: loads pdf.js and compiles the hot paths once.
  await time('tracemonkey.pdf', { ocr: false });
  console.log('Text layer (OCR off), median of 3 runs');
  console.log('file                  pages  blocks   ms/file   pages/s');
  for (const file of TEXT_FILES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await time(file, { ocr: false }));
    const ms = median(runs.map((r) => r.ms));
    const { pages, blocks } = runs[0] ?? { pages: 0, blocks: 0 };
    console.log(`${file.padEnd(20)} ${String(pages).padStart(6)} ${String(blocks).padStart(7)} ${ms.toFixed(0).padStart(9)} ${((pages * 1000) / ms).toFixed(1).padStart(9)}`);
  }
}

async function ocr(): Promise<void> {
  console.log('\nOCR (English, 200 dpi)');
  const scan = await time('scanned-tamreview-p1.pdf', {});
  console.log(`scanned-tamreview-p1.pdf: 1 page, ${(scan.ms / 1000).toFixed(1)} s including engine start`);
  const textOnly = await time('TAMReview.pdf', { ocr: false });
  const withOcr = await time('TAMReview.pdf', { ocr: { maxPages: 3 } });
  console.log(`TAMReview.pdf pages 2–4: ${((withOcr.ms - textOnly.ms) / 3000).toFixed(1)} s per OCR page (render + recognise, engine start amortised)`);
}

log('parsing…');
await textLayer();
if (!process.argv.includes('--no-ocr')) await ocr();
