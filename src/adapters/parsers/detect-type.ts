import { MIME, type SupportedMimeType } from './mime-types';
import { zipEntryNames } from './zip-entries';

export interface DetectTypeInput {
  /** The MIME type the file came with (upload header, OS), if any; parameters are ignored. */
  declaredType?: string | null;
  fileName?: string | null;
}

const SNIFF_BYTES = 8 * 1024;
const PDF_SEARCH_BYTES = 1024;

// Formats we never read, recognised by their first bytes so a renamed file cannot slip through.
// Only signatures a text file cannot start with; other binaries fail the text test below anyway.
const BINARY_MAGICS: readonly (readonly number[])[] = [
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38, 0x37, 0x61], // GIF87a
  [0x47, 0x49, 0x46, 0x38, 0x39, 0x61], // GIF89a
  [0x1f, 0x8b], // gzip
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], // 7z
  [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07], // RAR
  [0xd0, 0xcf, 0x11, 0xe0], // OLE2: legacy .doc/.xls
  [0x00, 0x61, 0x73, 0x6d], // WebAssembly
  [0xcf, 0xfa, 0xed, 0xfe], // Mach-O
  [0x1a, 0x45, 0xdf, 0xa3], // Matroska/WebM
];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];

// Declared types that say nothing about the content and so defer to the file name.
const GENERIC_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/unknown', 'text/plain']);

const DECLARED: Readonly<Record<string, SupportedMimeType>> = {
  'text/markdown': MIME.markdown,
  'text/x-markdown': MIME.markdown,
  'text/csv': MIME.csv,
  'application/csv': MIME.csv,
  'text/x-csv': MIME.csv,
  'text/comma-separated-values': MIME.csv,
  'text/tab-separated-values': MIME.csv,
  'application/vnd.ms-excel': MIME.csv, // what Windows browsers send for .csv files
  'text/plain': MIME.text,
  [MIME.docx]: MIME.docx,
  [MIME.pdf]: MIME.pdf,
};

const EXTENSIONS: Readonly<Record<string, SupportedMimeType>> = {
  md: MIME.markdown,
  markdown: MIME.markdown,
  mdown: MIME.markdown,
  mkd: MIME.markdown,
  csv: MIME.csv,
  tsv: MIME.csv,
  txt: MIME.text,
  text: MIME.text,
  log: MIME.text,
  docx: MIME.docx,
  pdf: MIME.pdf,
};

/**
 * Decides which parser gets a file, trusting the bytes over the label:
 * 1. Content: `%PDF-` within the first KB is a PDF; a zip holding `word/document.xml` is a DOCX;
 *    any other zip, a known binary format (PNG, JPEG, gzip, ELF, …) or bytes that are not text
 *    (NULs, many control characters) are unsupported (null).
 * 2. Text content is then told apart by the declared type, unless that is generic
 *    (application/octet-stream, text/plain), and then by the file extension (.md, .csv, .tsv,
 *    .txt, .log, …), falling back to plain text.
 * One exception keeps damaged files honest: bytes that are not text but come declared or named
 * as PDF/DOCX go to that parser, which then reports the file as malformed, not as unsupported.
 */
export function detectFileType(bytes: Uint8Array, input: DetectTypeInput = {}): SupportedMimeType | null {
  if (isPdf(bytes)) return MIME.pdf;
  if (startsWith(bytes, ZIP) || startsWith(bytes, EMPTY_ZIP)) return isDocx(bytes) ? MIME.docx : null;
  if (BINARY_MAGICS.some((magic) => startsWith(bytes, magic))) return null;

  const declared = normalizeType(input.declaredType);
  const byDeclared = GENERIC_TYPES.has(declared) ? undefined : DECLARED[declared];
  const byName = EXTENSIONS[extension(input.fileName)];
  if (!looksLikeText(bytes)) {
    const claimed = byDeclared ?? byName;
    return claimed === MIME.pdf || claimed === MIME.docx ? claimed : null;
  }
  const textType = [byDeclared, byName].find((type) => type === MIME.markdown || type === MIME.csv || type === MIME.text);
  return textType ?? MIME.text;
}

function isPdf(bytes: Uint8Array): boolean {
  // Some writers put junk (or a BOM) before the header; readers accept it within the first KB.
  const head = bytes.subarray(0, PDF_SEARCH_BYTES);
  for (let i = head.indexOf(0x25); i >= 0 && i + 5 <= head.length; i = head.indexOf(0x25, i + 1)) {
    if (head[i + 1] === 0x50 && head[i + 2] === 0x44 && head[i + 3] === 0x46 && head[i + 4] === 0x2d) return true;
  }
  return false;
}

function isDocx(bytes: Uint8Array): boolean {
  const names = zipEntryNames(bytes);
  if (names) return names.includes('word/document.xml');
  // No central directory (a truncated download): the local headers still carry the names.
  return indexOfAscii(bytes, 'word/document.xml') >= 0;
}

/**
 * Text has no NUL bytes (UTF-16 aside, recognised by its BOM) and few control characters other
 * than tab, line feed, form feed, carriage return and escape. Bytes ≥ 0x80 are fine: UTF-8 and
 * legacy encodings (Latin-1, Shift-JIS) use them.
 */
export function looksLikeText(bytes: Uint8Array): boolean {
  const [a, b] = bytes;
  if ((a === 0xff && b === 0xfe) || (a === 0xfe && b === 0xff)) return true;
  const sample = bytes.subarray(0, SNIFF_BYTES);
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) return false;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d && byte !== 0x1b) control++;
    else if (byte === 0x7f) control++;
  }
  return control <= sample.length * 0.05;
}

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return magic.length <= bytes.length && magic.every((byte, i) => bytes[i] === byte);
}

function indexOfAscii(bytes: Uint8Array, text: string): number {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(text, 0, 'latin1');
}

function normalizeType(type: string | null | undefined): string {
  return (type ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function extension(fileName: string | null | undefined): string {
  const name = (fileName ?? '').toLowerCase();
  const dot = name.lastIndexOf('.');
  return dot >= 0 && dot > name.lastIndexOf('/') ? name.slice(dot + 1) : '';
}
