import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createPdfParser, type PdfParserOptions } from '../../../../src/adapters/parsers/pdf/pdf-parser';
import { allText, failureReason, readPdf } from './pdf-fixtures';

// The parser port: each parse in its own worker thread with a heap limit and a clock. Tests run
// the TypeScript worker entry through the tsx bootstrap; the built app runs pdf-worker.js.
const worker = {
  url: new URL('../../../helpers/tsx-worker.mjs', import.meta.url),
  workerData: { entry: new URL('../../../../src/adapters/parsers/pdf/pdf-worker.ts', import.meta.url).href },
};
const parser = (options: Omit<PdfParserOptions, 'worker'> = {}): ReturnType<typeof createPdfParser> => createPdfParser({ worker, ...options });

/** A one-page PDF with the given (deflated) content stream and Helvetica as /F1. */
function pdfWithContent(stream: string): Uint8Array {
  const content = deflateSync(Buffer.from(stream));
  const head =
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj\n' +
    `4 0 obj << /Length ${content.length} /Filter /FlateDecode >> stream\n`;
  const tail = '\nendstream endobj\n5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  return new Uint8Array(Buffer.concat([Buffer.from(head), content, Buffer.from(tail)]));
}

/**
 * A content-stream bomb built in memory: a ~340 KB file whose one page shows eight million text
 * runs, which takes pdf.js over 15 seconds to interpret on this machine.
 */
function contentStreamBomb(runs = 8_000_000): Uint8Array {
  return pdfWithContent(`BT /F1 12 Tf 10 700 Td ${'(ab) Tj 0.01 0 Td '.repeat(runs)}ET`);
}

/**
 * A memory bomb built in memory: a ~0.9 MB file whose page shows 300,000 distinct 100-character
 * strings; pdf.js's text content for it outgrows a 160 MB heap.
 */
function memoryBomb(lines = 300_000): Uint8Array {
  const shows: string[] = [];
  for (let i = 0; i < lines; i++) shows.push(`(${'abcdefghij'.repeat(10)}${i}) Tj 0 -0.001 Td`);
  return pdfWithContent(`BT /F1 1 Tf 10 700 Td ${shows.join(' ')} ET`);
}

describe('PDF parser on worker threads', () => {
  it('parses in a worker and returns the same document shape', async () => {
    const pdf = parser();
    expect(pdf.mimeTypes).toEqual(['application/pdf']);
    const doc = await pdf.parse(readPdf('helloworld-bad.pdf'), {});
    expect(doc).toMatchObject({ mimeType: 'application/pdf', title: null, pages: 1, blocks: [{ text: 'Hello, world!', page: 1 }] });
  });

  it('passes the password through and maps failures to reasons', async () => {
    const pdf = parser();
    expect(allText(await pdf.parse(readPdf('issue6010_1.pdf'), { password: 'abc' }))).toContain('Issue 6010');
    expect(await failureReason(pdf.parse(readPdf('issue6010_1.pdf'), {}))).toBe('password_required');
    expect(await failureReason(pdf.parse(readPdf('REDHAT-1531897-0.pdf'), {}))).toBe('malformed');
  });

  it('finishes the JBIG2 bomb and the page-tree loop well within the limits', async () => {
    // Resolving at all proves it: past 20 s or 256 MB the parse would have been stopped.
    const pdf = parser({ textTimeoutMs: 20_000, maxHeapMb: 256 });
    const [bomb, loop] = await Promise.all([pdf.parse(readPdf('bomb_giant.pdf'), {}), pdf.parse(readPdf('Pages-tree-refs.pdf'), {})]);
    expect(allText(bomb)).toContain('GIANT JBIG2 BOMB');
    expect(allText(loop)).toContain('Pages loop');
  });

  it('stops a content-stream bomb at the time limit and fails only that parse', { timeout: 60_000 }, async () => {
    // The bomb is well over the limit however fast the machine (pdf.js took 15-29 s for it on a
    // busy 2-core machine), and the small file parsed beside it in the same pool finishes; a real paper parsed at
    // the same time by another parser (as another upload would be) is not held up either.
    const strict = parser({ textTimeoutMs: 8_000, maxConcurrent: 3 });
    const [bomb, hello, paper] = await Promise.allSettled([
      strict.parse(contentStreamBomb(), {}),
      strict.parse(readPdf('helloworld-bad.pdf'), {}),
      parser().parse(readPdf('tracemonkey.pdf'), {}),
    ]);
    expect(bomb.status === 'rejected' && (bomb.reason as { reason?: string }).reason).toBe('timeout');
    expect(hello.status === 'fulfilled' && allText(hello.value)).toBe('Hello, world!');
    expect(paper.status === 'fulfilled' && paper.value.pages).toBe(14);
  });

  it('stops a memory bomb at the heap limit (too_large) and fails only that parse', { timeout: 60_000 }, async () => {
    const pdf = parser({ maxHeapMb: 160, textTimeoutMs: 50_000 });
    const [bomb, hello] = await Promise.allSettled([pdf.parse(memoryBomb(), {}), pdf.parse(readPdf('helloworld-bad.pdf'), {})]);
    expect(bomb.status === 'rejected' && (bomb.reason as { reason?: string }).reason).toBe('too_large');
    expect(hello.status === 'fulfilled' && allText(hello.value)).toBe('Hello, world!');
  });

  it('runs OCR inside the worker (tesseract on its own thread, local data only)', { timeout: 60_000 }, async () => {
    const doc = await parser().parse(readPdf('scanned-tamreview-p1.pdf'), {});
    expect(doc.blocks.every((b) => b.ocr === true && b.page === 1)).toBe(true);
    expect(allText(doc)).toContain('Technology Acceptance Model');
  });

  it('gives up on an OCR page that takes longer than its own limit, with a warning', { timeout: 60_000 }, async () => {
    const work = parser({ ocrPageTimeoutMs: 1_000 }).parse(readPdf('scanned-tamreview-p1.pdf'), {});
    const failure = (await work.catch((error: unknown) => error)) as { reason?: string; message?: string };
    expect(failure.reason).toBe('no_text_found');
    expect(failure.message).toContain('page 1: OCR failed (no result within 1 s)');
  });

  it('cancels a parse through the abort signal', async () => {
    const controller = new AbortController();
    const work = parser().parse(contentStreamBomb(), { signal: controller.signal });
    setTimeout(() => controller.abort(), 500);
    expect(await failureReason(work)).toBe('timeout');
  });
});
