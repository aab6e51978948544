import type { ParsedDocument, ParseFailureReason } from '../../../core/parse/types';

/**
 * Messages between the document parsers' pool (main thread) and a parse worker. A worker parses
 * one file at a time: it receives a job and answers with the document or the failure.
 */

export interface ParseJob {
  /** Which parser reads the file, as `detectFileType` named it. */
  mimeType: string;
  /** The file's bytes (a copy; transferred to the worker). */
  bytes: ArrayBuffer;
}

export type ParseReport =
  | { type: 'done'; document: ParsedDocument }
  /** `reason` null: not a ParseFailure but an error of the parser itself. */
  | { type: 'failed'; reason: ParseFailureReason | null; message: string };
