import { createRequire } from 'node:module';
import path from 'node:path';
import type * as PdfjsModule from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Loads pdf.js's legacy (Node) build once per thread. pdf.js normally runs its parser in a web
 * worker; in Node it falls back to a "fake worker" that imports `./pdf.worker.mjs` relative to
 * itself, which breaks once a bundler moves files. Importing the worker module here and handing
 * it over through `globalThis.pdfjsWorker` makes the in-thread parser explicit. The parse already
 * runs on its own worker thread, so nothing blocks the server.
 */

export type Pdfjs = typeof PdfjsModule;

/** Where pdf.js finds its character maps, standard fonts, ICC profiles and wasm decoders. */
export interface PdfjsAssets {
  cMapUrl: string;
  standardFontDataUrl: string;
  iccUrl: string;
  wasmUrl: string;
}

let loaded: Promise<Pdfjs> | null = null;

export function loadPdfjs(): Promise<Pdfjs> {
  loaded ??= (async () => {
    const worker: { WorkerMessageHandler?: unknown } = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return import('pdfjs-dist/legacy/build/pdf.mjs');
  })();
  return loaded;
}

/**
 * Local asset folders (no network is ever used). pdf.js's Node factories read them with `fs`, so
 * they are plain paths, each ending in a separator as pdf.js requires.
 */
export function pdfjsAssets(root?: string): PdfjsAssets {
  const base = root ?? path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const dir = (name: string): string => path.join(base, name) + path.sep;
  return { cMapUrl: dir('cmaps'), standardFontDataUrl: dir('standard_fonts'), iccUrl: dir('iccs'), wasmUrl: dir('wasm') };
}
