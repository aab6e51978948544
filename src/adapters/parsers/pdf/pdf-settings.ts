/**
 * Settings of one PDF parse, with the defaults. Plain data, so they cross into the parse worker
 * through `workerData` unchanged.
 */

export interface OcrParseSettings {
  /** Tesseract language codes. Only English data is installed; others are skipped with a warning. */
  languages: string[];
  /** Folder with `<lang>.traineddata.gz`; defaults to `@tesseract.js-data/eng/4.0.0_best_int`. */
  langPath?: string;
  /** Render resolution for OCR. 200 dpi reads body text well and keeps a page under ~5 s. */
  dpi: number;
  /** At most this many pages of one file are OCR'd; the rest get a warning. */
  maxPages: number;
  /** Lines Tesseract is less sure of (confidence 0–100) are dropped as noise. */
  minLineConfidence: number;
  /** A page whose overall confidence is below this yielded noise (a photo, a chart), not text. */
  minPageConfidence: number;
  /** Recognition of one page is abandoned after this long (the page gets a warning). */
  pageTimeoutMs: number;
}

export interface PdfParseSettings {
  password?: string;
  /** OCR of image-only and unreadable pages; false turns it off. */
  ocr: OcrParseSettings | false;
  /** Pages beyond this are not read (a warning says so). */
  maxPages: number;
  /** Embedded images larger than this many pixels are skipped, not decoded. */
  maxImagePixels: number;
  /** Largest bitmap a page is rendered to for OCR. */
  maxRenderPixels: number;
  /** Folder of the pdfjs-dist package (cmaps, standard_fonts, iccs, wasm); found by default. */
  pdfjsDir?: string;
}

export type PdfParseOptions = Partial<Omit<PdfParseSettings, 'ocr'>> & { ocr?: Partial<OcrParseSettings> | false };

export const DEFAULT_OCR_SETTINGS: OcrParseSettings = {
  languages: ['eng'],
  dpi: 200,
  maxPages: 50,
  minLineConfidence: 60,
  minPageConfidence: 45,
  pageTimeoutMs: 60_000,
};

export function resolveSettings(options: PdfParseOptions = {}): PdfParseSettings {
  const { ocr, ...rest } = options;
  return {
    maxPages: 5000,
    maxImagePixels: 50_000_000,
    maxRenderPixels: 16_000_000,
    ...rest,
    ocr: ocr === false ? false : { ...DEFAULT_OCR_SETTINGS, ...ocr },
  };
}
