/**
 * Upload throughput through the engine's upload path, as `npm start` runs it: the file is
 * accepted, its type detected, parsed (PDFs on a worker thread, OCR on the worker's own
 * Tesseract thread), chunked, its facts extracted on worker threads and everything stored. Each
 * file runs alone on a fresh data folder, from `upload()` to the `completed` status. The parse
 * alone is timed too (same parser, no ingest), so the two costs can be told apart.
 *
 *   npm run bench -- --sizes none --no-quality               # uploads only
 *   npm run bench -- --no-uploads                            # everything else
 *   npx tsx bench/upload-throughput.ts [--no-ocr]            # on its own
 */
import { readFileSync } from 'node:fs';
import { createDefaultAdapters } from '../src/adapters/default-adapters';
import { defaultExtractWorkers } from '../src/adapters/workers/worker-extractor';
import { resolveConfig } from '../src/core/config';
import { createEngine } from '../src/core/engine';
import { makeDataDir, removeDataDir, sourceWorker } from './bench-engine';
import { fixed, formatTable } from './table';

type Kind = 'pdf-text' | 'pdf-ocr' | 'csv';

interface Subject {
  file: string;
  kind: Kind;
}

export interface UploadFigure {
  file: string;
  kind: Kind;
  bytes: number;
  /** Pages (PDF) or data rows (CSV). */
  units: number;
  /** Pages read by OCR. */
  ocrPages: number;
  chunks: number;
  facts: number;
  /** The parser alone; not measured for OCR files. */
  parseSeconds: number | null;
  uploadSeconds: number;
  status: string;
}

export interface UploadThroughput {
  files: UploadFigure[];
  /** Text-layer PDFs: pages per second, end to end. */
  pdfPagesPerSecond: number;
  /** Scanned pages per second, end to end (OCR included). */
  ocrPagesPerSecond: number | null;
  /** CSV data rows per second, end to end. */
  csvRowsPerSecond: number;
}

const DATA = new URL('../../shared/data/', import.meta.url);
const SUBJECTS: Subject[] = [
  { file: 'pdf/tracemonkey.pdf', kind: 'pdf-text' },
  { file: 'pdf/pdkids.pdf', kind: 'pdf-text' },
  { file: 'pdf/issue11913.pdf', kind: 'pdf-text' },
  { file: 'csv/vega-airports.csv', kind: 'csv' },
  { file: 'csv/vega-birdstrikes.csv', kind: 'csv' },
  { file: 'pdf/scanned-tamreview-p1.pdf', kind: 'pdf-ocr' },
  // 23 pages, 21 of them unreadable glyph ids that go to OCR.
  { file: 'pdf/TAMReview.pdf', kind: 'pdf-ocr' },
];


async function openEngine(dataDir: string) {
  const adapters = createDefaultAdapters(dataDir, {
    pdfWorker: sourceWorker('../src/adapters/parsers/pdf/pdf-worker.ts'),
    extractWorkers: { script: sourceWorker('../src/adapters/workers/extract-worker.ts'), count: defaultExtractWorkers() },
  });
  const engine = createEngine(resolveConfig({ dataDir, version: 'bench' }), adapters);
  const { owner } = await engine.start();
  const kb = engine.knowledgeBase(await engine.accounts.authenticate(owner.apiKey));
  return { engine, kb, fileTypes: adapters.fileTypes };
}

async function measure(subject: Subject): Promise<UploadFigure> {
  const bytes = new Uint8Array(readFileSync(new URL(subject.file, DATA)));
  const filename = subject.file.split('/').at(-1) ?? subject.file;
  const dataDir = makeDataDir();
  const { engine, kb, fileTypes } = await openEngine(dataDir);
  try {
    // OCR files are not parsed twice: the upload's own parse is nearly all of their time.
    let parseSeconds: number | null = null;
    let rows = 0;
    if (subject.kind !== 'pdf-ocr') {
      const parser = fileTypes?.parserFor(fileTypes.detect(bytes, null, filename) ?? '');
      if (!parser) throw new Error(`${filename}: no parser`);
      const started = performance.now();
      rows = (await parser.parse(bytes, {})).blocks.length;
      parseSeconds = (performance.now() - started) / 1000;
    }

    const started = performance.now();
    let upload = await kb.upload({ bytes, filename, declaredType: null }, true);
    while (upload.status === 'processing') {
      await new Promise((r) => setTimeout(r, 20));
      upload = await kb.getUpload(upload.id);
    }
    const uploadSeconds = (performance.now() - started) / 1000;
    // The document records its page count and which pages were read by OCR.
    const notes = upload.documentId ? (await kb.getDocument(upload.documentId)).metadata : {};
    const ocrPages = Array.isArray(notes.ocr_pages) ? notes.ocr_pages.length : 0;
    const units = subject.kind === 'csv' ? rows : typeof notes.pages === 'number' ? notes.pages : 0;
    return {
      file: filename,
      kind: subject.kind,
      bytes: bytes.byteLength,
      units,
      ocrPages,
      chunks: upload.chunksCreated,
      facts: upload.factsExtracted,
      parseSeconds,
      uploadSeconds,
      status: upload.status,
    };
  } finally {
    await engine.close();
    removeDataDir(dataDir);
  }
}

const rate = (figures: UploadFigure[], units: (f: UploadFigure) => number): number => {
  const seconds = figures.reduce((s, f) => s + f.uploadSeconds, 0);
  return seconds > 0 ? figures.reduce((s, f) => s + units(f), 0) / seconds : 0;
};

export async function measureUploads(options: { ocr: boolean; log: (line: string) => void }): Promise<UploadThroughput> {
  const files: UploadFigure[] = [];
  for (const subject of SUBJECTS) {
    if (subject.kind === 'pdf-ocr' && !options.ocr) continue;
    options.log(`upload ${subject.file}`);
    files.push(await measure(subject));
  }
  const of = (kind: Kind): UploadFigure[] => files.filter((f) => f.kind === kind && f.status === 'completed');
  const ocr = of('pdf-ocr');
  return {
    files,
    pdfPagesPerSecond: rate(of('pdf-text'), (f) => f.units),
    ocrPagesPerSecond: ocr.length > 0 ? rate(ocr, (f) => f.ocrPages) : null,
    csvRowsPerSecond: rate(of('csv'), (f) => f.units),
  };
}

export function uploadSection(result: UploadThroughput): string {
  const rows = result.files.map((f) => {
    const unit = f.kind === 'csv' ? 'rows' : 'pages';
    // OCR is seconds per page, so it reads better that way round.
    const speed = f.kind === 'pdf-ocr' ? `${fixed(f.uploadSeconds / Math.max(1, f.ocrPages), 1)} s/OCR page` : `${fixed(f.units / f.uploadSeconds, 1)} ${unit}/s`;
    return [
      f.file,
      f.kind === 'pdf-ocr' ? `${f.units} (${f.ocrPages} OCR)` : String(f.units),
      unit,
      f.chunks,
      f.facts,
      f.parseSeconds === null ? '–' : fixed(f.parseSeconds, 2),
      fixed(f.uploadSeconds, 2),
      speed,
      f.status,
    ];
  });
  const table = formatTable(['file', 'size', 'unit', 'chunks', 'facts', 'parse s', 'upload s', 'end to end', 'status'], rows);
  const ocr =
    result.ocrPagesPerSecond === null
      ? 'not measured (--no-ocr)'
      : `${fixed(result.ocrPagesPerSecond, 2)} OCR pages/s (${fixed(1 / Math.max(result.ocrPagesPerSecond, 1e-9), 1)} s a page)`;
  return [
    'Upload throughput (upload → completed, one file at a time; "parse s" is the parser alone)',
    table,
    `text PDFs: ${fixed(result.pdfPagesPerSecond, 1)} pages/s · scanned PDFs: ${ocr} · CSV: ${fixed(result.csvRowsPerSecond, 0)} rows/s`,
  ].join('\n');
}

// Run on its own: `npx tsx bench/upload-throughput.ts [--no-ocr]`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureUploads({ ocr: !process.argv.includes('--no-ocr'), log: (line) => void process.stderr.write(`${line}\n`) });
  console.log(uploadSection(result));
}
