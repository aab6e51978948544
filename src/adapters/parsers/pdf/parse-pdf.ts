import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ParseFailure, type ParsedBlock, type ParsedDocument } from '../../../core/parse/types';
import { MIME } from '../mime-types';
import { collectVocabulary } from './dehyphenate';
import { sensibleTitle } from './metadata-title';
import { runOcrStage } from './ocr-pages';
import { errorText, openDocument } from './open-document';
import { describePages } from './page-list';
import { lineTexts, paragraphsOf } from './paragraphs';
import { resolveSettings, type PdfParseOptions } from './pdf-settings';
import { loadPdfjs, pdfjsAssets } from './pdfjs-runtime';
import { readPageText, type PageText } from './read-page';

/**
 * The whole PDF parse, in the calling thread: open, read every page's text layer in reading
 * order, OCR the pages that need it, and emit one block per paragraph. The parser port runs this
 * inside a worker thread with memory and time limits (`pdf-parser.ts`); tests call it directly.
 */

export type PdfProgress = { stage: 'text'; page: number; pages: number } | { stage: 'ocr'; page: number; pages: number };

export interface InProcessHooks {
  /** Called before each page of each stage (the worker turns this into deadlines). */
  onProgress?(progress: PdfProgress): void;
  signal?: AbortSignal;
}

async function readTitle(doc: PDFDocumentProxy): Promise<string | null> {
  try {
    const { info, metadata } = await doc.getMetadata();
    const fromInfo = sensibleTitle((info as { Title?: unknown }).Title);
    return fromInfo ?? sensibleTitle(metadata?.get('dc:title'));
  } catch {
    return null;
  }
}

export async function parsePdfInProcess(bytes: Uint8Array, options: PdfParseOptions = {}, hooks: InProcessHooks = {}): Promise<ParsedDocument> {
  const settings = resolveSettings(options);
  const pdfjs = await loadPdfjs();
  const doc = await openDocument(bytes, settings.password, pdfjsAssets(settings.pdfjsDir), { maxImagePixels: settings.maxImagePixels });
  try {
    const warnings: string[] = [];
    const title = await readTitle(doc);
    const pageCount = doc.numPages;
    const limit = Math.min(pageCount, settings.maxPages);
    if (limit < pageCount) warnings.push(`only the first ${limit} of ${pageCount} pages were read`);

    const pages: PageText[] = [];
    const unreadable: string[] = [];
    for (let n = 1; n <= limit; n++) {
      hooks.signal?.throwIfAborted();
      hooks.onProgress?.({ stage: 'text', page: n, pages: limit });
      try {
        pages.push(await readPageText(doc, n, pdfjs.OPS));
      } catch (error) {
        if (hooks.signal?.aborted) throw error;
        unreadable.push(`page ${n}: could not be read (${errorText(error)})`);
      }
    }
    if (pages.length === 0) {
      throw new ParseFailure('malformed', unreadable[0] ? `No page of the PDF could be read; ${unreadable[0]}` : 'The PDF has no pages.');
    }
    warnings.push(...unreadable);

    const ocr = settings.ocr
      ? await runOcrStage(doc, pages, settings.ocr, settings.maxRenderPixels, {
          onPage: (page) => hooks.onProgress?.({ stage: 'ocr', page, pages: limit }),
          signal: hooks.signal,
        })
      : null;
    if (ocr) warnings.push(...ocr.warnings);
    else {
      const skipped = pages.filter((p) => p.ocr === 'unreadable' || p.ocr === 'no-text').map((p) => p.page);
      if (skipped.length > 0) warnings.push(`${describePages(skipped)}: no readable text layer, and OCR is turned off`);
    }

    // The document's own words decide line-end hyphenation, so gather them from every page.
    const vocabulary = collectVocabulary(pages.flatMap((p) => lineTexts(p.regions)));
    const blocks: ParsedBlock[] = [];
    const blank: number[] = [];
    for (const page of pages) {
      const outcome = ocr?.outcomes.get(page.page);
      if (outcome?.replacesTextLayer) {
        blocks.push(...outcome.paragraphs.map((text) => ({ text, page: page.page, ocr: true })));
        continue;
      }
      const before = blocks.length;
      for (const region of page.regions) blocks.push(...paragraphsOf(region, vocabulary).map((text) => ({ text, page: page.page })));
      if (blocks.length === before && page.ocr === null) blank.push(page.page);
    }
    if (blank.length > 0 && blocks.length > 0) warnings.push(`${describePages(blank)}: no text`);
    if (blocks.length === 0) {
      const why = warnings.length > 0 ? ` (${warnings.join('; ')})` : '';
      throw new ParseFailure('no_text_found', `The PDF contains no readable text${why}.`);
    }
    return { mimeType: MIME.pdf, title, blocks, structuredFacts: [], warnings, pages: pageCount };
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}
