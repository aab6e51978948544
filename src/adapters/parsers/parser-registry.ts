import type { FileParser } from '../../core/parse/types';
import { createCsvParser } from './csv-parser';
import { createDocxParser } from './docx-parser';
import { createMarkdownParser } from './markdown-parser';
import { MIME } from './mime-types';
import { createTextParser } from './text-parser';

export interface FileParsersOptions {
  /**
   * The PDF parser, written and owned separately (src/adapters/parsers/pdf/). Until it is
   * passed in, PDFs have no parser and `parserFor('application/pdf')` returns null.
   */
  pdf?: FileParser;
}

export interface FileParsers {
  /** The parser for a MIME type as `detectFileType` returns it, or null when none is installed. */
  parserFor(mimeType: string): FileParser | null;
  /** Every MIME type some installed parser handles. */
  readonly mimeTypes: readonly string[];
}

/** The parsers for text, Markdown, CSV and DOCX, plus the PDF parser when one is given. */
export function createFileParsers(options: FileParsersOptions = {}): FileParsers {
  const parsers = [createTextParser(), createMarkdownParser(), createCsvParser(), createDocxParser()];
  if (options.pdf) parsers.push(options.pdf);
  const byType = new Map<string, FileParser>();
  for (const parser of parsers) for (const type of parser.mimeTypes) byType.set(type, parser);
  return {
    parserFor: (mimeType) => byType.get(mimeType) ?? null,
    mimeTypes: [...byType.keys()],
  };
}

export { MIME };
