import type { FileParser } from '../../core/parse/types';
import { createCsvParser } from './csv-parser';
import { createDocxParser } from './docx-parser';
import { createMarkdownParser } from './markdown-parser';
import { MIME } from './mime-types';
import { createTextParser } from './text-parser';
import type { ParseWorkers } from './worker/parse-workers';

export interface FileParsersOptions {
  /**
   * The PDF parser, written and owned separately (src/adapters/parsers/pdf/). Until it is
   * passed in, PDFs have no parser and `parserFor('application/pdf')` returns null.
   */
  pdf?: FileParser;
  /**
   * Where the text, Markdown, CSV and DOCX parsers run: given, on its worker threads (the same
   * parsers, loaded there); absent, in this thread (the worker itself, unit tests).
   */
  workers?: ParseWorkers;
}

export interface FileParsers {
  /** The parser for a MIME type as `detectFileType` returns it, or null when none is installed. */
  parserFor(mimeType: string): FileParser | null;
  /** Every MIME type some installed parser handles. */
  readonly mimeTypes: readonly string[];
}

/** The parsers for text, Markdown, CSV and DOCX (on worker threads when given), plus the PDF parser when one is given. */
export function createFileParsers(options: FileParsersOptions = {}): FileParsers {
  const { workers } = options;
  const byType = new Map<string, FileParser>();
  for (const parser of [createTextParser(), createMarkdownParser(), createCsvParser(), createDocxParser()]) {
    for (const type of parser.mimeTypes) byType.set(type, workers ? workers.parserFor(type) : parser);
  }
  if (options.pdf) for (const type of options.pdf.mimeTypes) byType.set(type, options.pdf);
  return {
    parserFor: (mimeType) => byType.get(mimeType) ?? null,
    mimeTypes: [...byType.keys()],
  };
}

export { MIME };
