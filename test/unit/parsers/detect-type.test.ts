import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { detectFileType, looksLikeText } from '../../../src/adapters/parsers/detect-type';
import { zipEntryNames } from '../../../src/adapters/parsers/zip-entries';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)));
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR');
const PDF = bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n');

async function zipOf(files: Record<string, string>): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(files)) zip.file(name, content);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

describe('detectFileType', () => {
  it('trusts the bytes over the name: a PDF named .txt is a PDF, a PNG named .md is unsupported', () => {
    expect(detectFileType(PDF, { fileName: 'notes.txt', declaredType: 'text/plain' })).toBe('application/pdf');
    expect(detectFileType(bytes('\xef\xbb\xbf  junk\n', '%PDF-1.4\n'), { fileName: 'x' })).toBe('application/pdf');
    expect(detectFileType(PNG, { fileName: 'readme.md', declaredType: 'text/markdown' })).toBeNull();
  });

  it('finds %PDF- anywhere in the first KB, not later', () => {
    expect(detectFileType(bytes(' '.repeat(1000), '%PDF-1.4'))).toBe('application/pdf');
    expect(detectFileType(bytes(' '.repeat(1100), '%PDF-1.4'), { fileName: 'a.txt' })).toBe('text/plain');
  });

  it('tells a DOCX from other zips by its word/document.xml', async () => {
    const docx = await zipOf({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' });
    const xlsx = await zipOf({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' });
    expect(detectFileType(docx, { fileName: 'report.bin', declaredType: 'application/octet-stream' })).toBe(DOCX);
    expect(detectFileType(xlsx, { fileName: 'report.docx', declaredType: DOCX })).toBeNull();
    // Without its central directory (a cut-off download) the local file headers still give it away.
    expect(detectFileType(docx.subarray(0, docx.length - 30))).toBe(DOCX);
  });

  it('uses the declared type for text, and the extension when the declared type is generic', () => {
    const csv = bytes('name,city\nDenver Intl,Denver\n');
    expect(detectFileType(csv, { declaredType: 'application/octet-stream', fileName: 'airports.csv' })).toBe('text/csv');
    expect(detectFileType(csv, { declaredType: 'text/csv; charset=utf-8' })).toBe('text/csv');
    expect(detectFileType(csv, { declaredType: 'application/vnd.ms-excel', fileName: 'x' })).toBe('text/csv');
    expect(detectFileType(csv, { declaredType: 'text/plain', fileName: 'AIRPORTS.TSV' })).toBe('text/csv');
    expect(detectFileType(bytes('# Title\n'), { declaredType: 'text/markdown', fileName: 'notes.txt' })).toBe('text/markdown');
    expect(detectFileType(bytes('# Title\n'), { fileName: 'notes.markdown' })).toBe('text/markdown');
    expect(detectFileType(bytes('boot ok\n'), { fileName: 'server.log' })).toBe('text/plain');
    expect(detectFileType(bytes('just words'))).toBe('text/plain');
    expect(detectFileType(bytes('just words'), { fileName: 'archive.v1/readme' })).toBe('text/plain');
  });

  it('reads text in legacy encodings and UTF-16 with a BOM as text', () => {
    expect(detectFileType(bytes('caf\xe9 na\xefve'), { fileName: 'a.txt' })).toBe('text/plain');
    expect(detectFileType(Uint8Array.from([0xff, 0xfe, ...Buffer.from('a,b\n1,2\n', 'utf16le')]), { fileName: 'a.csv' })).toBe('text/csv');
  });

  it('rejects other binary content whatever its name', () => {
    expect(detectFileType(bytes([0x7f], 'ELF', [2, 1, 1, 0, 0, 0]), { fileName: 'run.txt' })).toBeNull();
    expect(detectFileType(bytes([0x1f, 0x8b, 8, 0]), { fileName: 'data.csv' })).toBeNull();
    expect(detectFileType(bytes([0xff, 0xd8, 0xff, 0xe0]), { fileName: 'x.md' })).toBeNull();
    expect(detectFileType(bytes('GIF89a', [1, 0, 1, 0]), { fileName: 'x.txt' })).toBeNull();
    expect(detectFileType(bytes('abc', [0], 'def'), { fileName: 'x.txt' })).toBeNull();
    expect(detectFileType(bytes([1, 2, 3, 4, 5, 6, 7, 8], 'abcdefgh'), { fileName: 'x.csv' })).toBeNull();
  });

  it('sends damaged binary files labelled PDF or DOCX to their parser, to be reported as malformed', () => {
    const damaged = bytes([0, 1, 2, 3, 0x80, 0x90]);
    expect(detectFileType(damaged, { fileName: 'scan.pdf' })).toBe('application/pdf');
    expect(detectFileType(damaged, { declaredType: DOCX })).toBe(DOCX);
    expect(detectFileType(damaged, { fileName: 'photo.jpg' })).toBeNull();
  });

  it('treats an empty file as text, so the text parser can say it has no text', () => {
    expect(detectFileType(new Uint8Array(0), { fileName: 'empty.md' })).toBe('text/markdown');
  });
});

describe('helpers', () => {
  it('lists zip entry names and returns null for non-zips', async () => {
    expect(zipEntryNames(await zipOf({ 'a.txt': 'a', 'dir/b.xml': 'b' }))).toEqual(['a.txt', 'dir/', 'dir/b.xml']);
    expect(zipEntryNames(bytes('hello'))).toBeNull();
  });

  it('looksLikeText allows tabs, form feeds and escape sequences', () => {
    expect(looksLikeText(bytes('a\tb\fc\x1b[31mred\x1b[0m\r\n'))).toBe(true);
  });
});
