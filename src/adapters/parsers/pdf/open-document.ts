import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ParseFailure } from '../../../core/parse/types';
import { loadPdfjs, type PdfjsAssets } from './pdfjs-runtime';
import { saslprep } from './saslprep';

/**
 * Opens a PDF with pdf.js, mapping its exceptions onto the parse failure reasons. Encrypted files
 * are tried with the empty user password first (pdf.js does this when no password is given), so
 * "protected" files that anyone may open just open.
 */

export interface OpenLimits {
  /** Images above this many pixels are skipped instead of decoded (decompression bombs). */
  maxImagePixels: number;
}

interface PdfjsError {
  name?: string;
  code?: number;
  message?: string;
}

// pdf.js PasswordResponses.
const NEED_PASSWORD = 1;
const INCORRECT_PASSWORD = 2;

function asPdfjsError(error: unknown): PdfjsError {
  return typeof error === 'object' && error !== null ? (error as PdfjsError) : { message: String(error) };
}

async function tryOpen(bytes: Uint8Array, password: string | undefined, assets: PdfjsAssets, limits: OpenLimits): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({
    // pdf.js transfers (detaches) the buffer it is given; a retry needs the bytes again.
    data: bytes.slice(),
    password,
    ...assets,
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    enableXfa: false,
    stopAtErrors: false,
    maxImageSize: limits.maxImagePixels,
    canvasMaxAreaInBytes: limits.maxImagePixels * 4,
  });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    throw error;
  }
}

/** The opened document, or a `ParseFailure` saying why it cannot be opened. */
export async function openDocument(bytes: Uint8Array, password: string | undefined, assets: PdfjsAssets, limits: OpenLimits): Promise<PDFDocumentProxy> {
  try {
    return await tryOpen(bytes, password, assets, limits);
  } catch (first) {
    const e = asPdfjsError(first);
    if (e.name === 'PasswordException') {
      if (e.code === NEED_PASSWORD || password === undefined || password === '') {
        throw new ParseFailure('password_required', 'The PDF is encrypted and needs a password.');
      }
      if (e.code === INCORRECT_PASSWORD) {
        const prepared = saslprep(password);
        if (prepared !== password) {
          try {
            return await tryOpen(bytes, prepared, assets, limits);
          } catch (second) {
            if (asPdfjsError(second).name !== 'PasswordException') throw toFailure(second);
          }
        }
        throw new ParseFailure('wrong_password', 'The password does not open this PDF.');
      }
    }
    throw toFailure(first);
  }
}

/** Any other pdf.js error while opening means the file is not a usable PDF. */
export function toFailure(error: unknown): ParseFailure {
  if (error instanceof ParseFailure) return error;
  return new ParseFailure('malformed', `The PDF could not be read: ${errorText(error)}.`);
}

/** pdf.js's message for an error, without a trailing period. */
export function errorText(error: unknown): string {
  const e = asPdfjsError(error);
  return String(e.message ?? e.name ?? 'unknown error').replace(/\.+$/u, '');
}
