import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Region } from './layout-types';
import { analyzeGraphics, type OpCodes, type OperatorList } from './page-graphics';
import { layoutPage } from './page-layout';
import { verdictOf, type QualityVerdict, type TextQuality } from './text-quality';
import { isRawTextItem } from './text-runs';

/**
 * One page's text layer, judged: readable text in reading order, or a reason to OCR the page.
 */

/** Why a page goes to OCR. */
export type OcrReason =
  /** The text layer is glyph ids or OCR noise. */
  | 'unreadable'
  /** No text layer, but an image (a scan) or outlined text. */
  | 'no-text'
  /** A few words of text over a large image: the image may hold the real content. */
  | 'sparse';

export interface PageText {
  page: number;
  regions: Region[];
  quality: TextQuality;
  verdict: QualityVerdict;
  ocr: OcrReason | null;
  /** Set when pdf.js could not read the page at all. */
  error?: string;
}

/** Below this many readable words, a page with a big image is worth an OCR look. */
const SPARSE_WORDS = 20;
/** Share of the page an image must cover to be a scan rather than a figure. */
const SCAN_COVERAGE = 0.3;
/** Filled paths on a page without text that suggest text converted to outlines. */
const OUTLINED_TEXT_PATHS = 300;

export async function readPageText(doc: PDFDocumentProxy, pageNumber: number, ops: OpCodes): Promise<PageText> {
  const page = await doc.getPage(pageNumber);
  try {
    const viewport = page.getViewport({ scale: 1 });
    // pdf.js would apply NFKC before its bidi reordering, which flips the letters of an Arabic
    // ligature (ﳋ → "خل" instead of "لخ"); our own NFKC runs on the reordered line instead.
    const content = await page.getTextContent({ disableNormalization: true });
    const vertical = new Set(
      Object.entries(content.styles)
        .filter(([, style]) => style.vertical)
        .map(([name]) => name),
    );
    const items: unknown[] = content.items;
    const layout = layoutPage(items.filter(isRawTextItem), viewport.transform, vertical);
    const verdict = verdictOf(layout.quality);
    let ocr: OcrReason | null = verdict === 'garbage' ? 'unreadable' : null;
    if (verdict === 'empty' || (verdict === 'readable' && layout.quality.readableWords < SPARSE_WORDS)) {
      // Only pages with little text pay for an operator list (it decodes the page's images).
      const list: OperatorList = await page.getOperatorList();
      const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view;
      const graphics = analyzeGraphics(list, ops, Math.abs((x1 - x0) * (y1 - y0)));
      if (graphics.imageCoverage >= SCAN_COVERAGE) ocr = verdict === 'empty' ? 'no-text' : 'sparse';
      else if (verdict === 'empty' && graphics.paths >= OUTLINED_TEXT_PATHS) ocr = 'no-text';
    }
    return { page: pageNumber, regions: verdict === 'readable' ? layout.regions : [], quality: layout.quality, verdict, ocr };
  } finally {
    page.cleanup();
  }
}
