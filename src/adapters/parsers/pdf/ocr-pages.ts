import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { collectVocabulary } from './dehyphenate';
import type { Region } from './layout-types';
import { maxOf, minOf } from './numbers';
import { availableLanguages, createOcrEngine, type OcrEngine, type OcrResult } from './ocr-engine';
import { describePages, PageWarnings } from './page-list';
import { lineTexts, paragraphsOf } from './paragraphs';
import type { OcrParseSettings } from './pdf-settings';
import type { PageText } from './read-page';
import { renderPageToPng } from './render-page';
import { acceptableOcrText, measureText, verdictOf } from './text-quality';

/**
 * The OCR stage: pages whose text layer is missing or unreadable are rendered and read by
 * Tesseract, one at a time (each page is announced first, so the parent can time it alone).
 * OCR output is judged like a text layer: a photo of a street yields letters, not text.
 */

export interface OcrOutcome {
  page: number;
  /** Paragraph texts, normalised; empty when OCR found nothing readable. */
  paragraphs: string[];
  /** For 'sparse' pages: OCR found clearly more than the text layer and replaces it. */
  replacesTextLayer: boolean;
}

export interface OcrStage {
  outcomes: Map<number, OcrOutcome>;
  warnings: string[];
}

export interface OcrStageHooks {
  onPage?(page: number): void;
  signal?: AbortSignal;
}

/**
 * Tesseract's blocks → regions → paragraphs, with the same paragraph rules as a text layer
 * (Tesseract itself often returns a whole page as one paragraph). Lines it is unsure of are
 * dropped: they are specks, logos and picture edges read as letters.
 */
function ocrParagraphs(result: OcrResult, settings: OcrParseSettings): string[] {
  const regions: Region[] = result.blocks
    .map((block) => block.filter((l) => l.confidence >= settings.minLineConfidence && l.text.length > 0))
    .filter((lines) => lines.length > 0)
    .map((lines) => ({
      lines: lines.map((l) => ({ text: l.text, x0: l.x0, x1: l.x1, baseline: l.y1, size: l.height })),
      x0: minOf(lines, (l) => l.x0),
      x1: maxOf(lines, (l) => l.x1),
    }));
  const vocabulary = collectVocabulary(lineTexts(regions));
  return regions.flatMap((r) => paragraphsOf(r, vocabulary)).filter((text) => verdictOf(measureText(text)) !== 'garbage');
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no result within ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function readPage(doc: PDFDocumentProxy, pageNumber: number, engine: OcrEngine, settings: OcrParseSettings, maxRenderPixels: number): Promise<string[]> {
  const proxy = await doc.getPage(pageNumber);
  try {
    const png = await renderPageToPng(proxy, { dpi: settings.dpi, maxPixels: maxRenderPixels });
    // Tesseract runs on its own thread, so this timer fires even while it is busy.
    const result = await withTimeout(engine.read(png), settings.pageTimeoutMs);
    return result.confidence >= settings.minPageConfidence ? ocrParagraphs(result, settings) : [];
  } finally {
    proxy.cleanup();
  }
}

function describe(page: PageText, found: boolean, languages: string[]): string {
  const langs = languages.join('+');
  if (page.ocr === 'unreadable') {
    return found
      ? `text layer unreadable, read by OCR (${langs})`
      : `text layer unreadable and OCR (${langs}) found no readable text; the text may be in a language whose OCR data is not installed`;
  }
  if (page.ocr === 'no-text') return found ? `no text layer, read by OCR (${langs})` : 'image without readable text (OCR found none)';
  return `most text is in an image, read by OCR (${langs})`;
}

export async function runOcrStage(doc: PDFDocumentProxy, pages: readonly PageText[], settings: OcrParseSettings, maxRenderPixels: number, hooks: OcrStageHooks = {}): Promise<OcrStage> {
  const outcomes = new Map<number, OcrOutcome>();
  const warnings: string[] = [];
  const pageWarnings = new PageWarnings();
  const wanted = pages.filter((p) => p.ocr !== null);
  if (wanted.length === 0) return { outcomes, warnings };

  const { found, missing } = availableLanguages(settings);
  if (missing.length > 0) warnings.push(`OCR data for ${missing.join(', ')} is not installed; OCR used ${found.join(', ') || 'no language'}`);
  if (wanted.length > settings.maxPages) {
    const skipped = wanted.slice(settings.maxPages).map((p) => p.page);
    warnings.push(`${describePages(skipped)}: not read, OCR is limited to ${settings.maxPages} page${settings.maxPages === 1 ? '' : 's'} per file`);
  }
  if (found.length === 0) return { outcomes, warnings };

  let engine: OcrEngine | null = null;
  try {
    for (const page of wanted.slice(0, settings.maxPages)) {
      hooks.signal?.throwIfAborted();
      // The engine (about a second to load) is ready before the page's clock starts.
      engine ??= await createOcrEngine(settings);
      hooks.onPage?.(page.page);
      let paragraphs: string[];
      try {
        paragraphs = await readPage(doc, page.page, engine, settings, maxRenderPixels);
      } catch (error) {
        if (hooks.signal?.aborted) throw error;
        // A page that cannot be rendered or times out costs only itself; the engine may be
        // mid-job, so the next page gets a fresh one.
        pageWarnings.add(page.page, `OCR failed (${error instanceof Error ? error.message : String(error)})`);
        await engine.close().catch(() => undefined);
        engine = null;
        continue;
      }
      const languages = engine.languages;
      const quality = measureText(paragraphs.join('\n'));
      const readable = paragraphs.length > 0 && acceptableOcrText(quality);
      if (page.ocr === 'sparse') {
        // Keep the text layer unless the image clearly holds more text than it.
        const better = readable && quality.readableWords > page.quality.readableWords + 5;
        outcomes.set(page.page, { page: page.page, paragraphs: better ? paragraphs : [], replacesTextLayer: better });
        if (better) pageWarnings.add(page.page, describe(page, true, languages));
        continue;
      }
      outcomes.set(page.page, { page: page.page, paragraphs: readable ? paragraphs : [], replacesTextLayer: true });
      pageWarnings.add(page.page, describe(page, readable, languages));
    }
  } catch (error) {
    if (hooks.signal?.aborted) throw error;
    warnings.push(`OCR unavailable: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await engine?.close().catch(() => undefined);
  }
  return { outcomes, warnings: [...pageWarnings.list(), ...warnings] };
}
