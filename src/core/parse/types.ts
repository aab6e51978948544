/**
 * What a file parser hands to ingest: the document's text as ordered blocks that remember where
 * they came from (page, heading path, row), so every chunk and citation can point back there.
 */

export type ParseFailureReason =
  | 'password_required'
  | 'wrong_password'
  | 'no_text_found'
  | 'malformed'
  | 'unsupported_type'
  | 'too_large'
  | 'timeout';

export interface ParsedBlock {
  text: string;
  /** 1-based PDF page. */
  page?: number;
  /** Markdown heading path, e.g. "Installation > Linux". */
  section?: string;
  /** 1-based CSV data row (the header is row 0). */
  row?: number;
  /** The text came from OCR of a page image, not from a text layer. */
  ocr?: boolean;
  /** A code block, table or CSV row: keep it in one chunk when it fits. */
  atomic?: boolean;
}

/** A fact the file's structure states outright (a CSV cell: row key → column → value). */
export interface StructuredFact {
  subject: string;
  predicate: string;
  value: string;
  /** Index into `blocks` of the block it comes from. */
  block: number;
}

export interface ParsedDocument {
  mimeType: string;
  /** A title found in the file (PDF metadata, first heading), if any. */
  title: string | null;
  blocks: ParsedBlock[];
  structuredFacts: StructuredFact[];
  /** Things a person should know, e.g. "page 3: text layer unreadable, read by OCR". */
  warnings: string[];
  /** Page count for PDFs. */
  pages?: number;
}

/** Thrown (as the `cause` of a KbError) when a file cannot become text. */
export class ParseFailure extends Error {
  constructor(
    readonly reason: ParseFailureReason,
    message: string,
  ) {
    super(message);
    this.name = 'ParseFailure';
  }
}

export interface ParseOptions {
  /** For encrypted PDFs. */
  password?: string;
  /** Aborts a parse that runs too long. */
  signal?: AbortSignal;
}

/** Port: which files are supported, and their parsers. */
export interface FileTypes {
  /** MIME types accepted by upload, for the 415 message. */
  readonly supported: readonly string[];
  /** Decides the type from the content, then the declared MIME type, then the name; null: unsupported. */
  detect(bytes: Uint8Array, declaredType: string | null, filename: string): string | null;
  parserFor(mimeType: string): FileParser | null;
}

/** Port: turns the bytes of one supported file type into blocks. */
export interface FileParser {
  readonly mimeTypes: readonly string[];
  parse(bytes: Uint8Array, options: ParseOptions): Promise<ParsedDocument>;
}
