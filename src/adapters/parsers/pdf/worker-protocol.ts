import type { ParsedDocument, ParseFailureReason } from '../../../core/parse/types';
import type { PdfParseOptions } from './pdf-settings';

/**
 * Messages between the parser (main thread) and its parse worker. One worker parses one file:
 * it receives a job, reports each page it starts (the parent times text and each OCR page
 * separately from these), and ends with a document or a failure.
 */

export interface PdfJob {
  /** The file's bytes (a copy; transferred to the worker). */
  bytes: ArrayBuffer;
  options: PdfParseOptions;
}

export type WorkerReport =
  | { type: 'progress'; stage: 'text' | 'ocr'; page: number; pages: number }
  | { type: 'done'; document: ParsedDocument }
  | { type: 'failed'; reason: ParseFailureReason; message: string };
