import { describe, expect, it } from 'vitest';
import { ParseFailure } from '../../../../src/core/parse/types';
import { parsePdfInProcess } from '../../../../src/adapters/parsers/pdf/parse-pdf';
import { allText, failureReason, readPdf } from './pdf-fixtures';

// OCR with the locally installed English data (no network). Each page takes a few seconds, so
// only the pages that prove a behaviour are read.
const OCR_TIMEOUT = 90_000;

describe('PDF OCR', () => {
  it(
    'reads an image-only scan by OCR and marks its blocks',
    async () => {
      const doc = await parsePdfInProcess(readPdf('scanned-tamreview-p1.pdf'));
      expect(doc.blocks.length).toBeGreaterThan(3);
      expect(doc.blocks.every((b) => b.ocr === true && b.page === 1)).toBe(true);
      const text = allText(doc);
      // The title, modulo OCR noise: its key words in order.
      expect(text).toMatch(/Overview of the Technology Acceptance Model:?\s+Origins,?\s+Developments and Future Directions/u);
      // Abstract words.
      expect(text).toContain('User acceptance of technology');
      expect(text).toMatch(/Technology Acceptance Model has been the only one/u);
      expect(doc.warnings).toContain('page 1: no text layer, read by OCR (eng)');
    },
    OCR_TIMEOUT,
  );

  it(
    'fails with no_text_found when the only image is a photo without text',
    async () => {
      const failure = await parsePdfInProcess(readPdf('issue5549.pdf')).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ParseFailure);
      expect((failure as ParseFailure).reason).toBe('no_text_found');
      expect((failure as ParseFailure).message).toContain('page 1: image without readable text');
    },
    OCR_TIMEOUT,
  );

  it(
    'keeps a scan whose small text layer already says what the image says',
    async () => {
      const doc = await parsePdfInProcess(readPdf('scan-bad.pdf'));
      expect(allText(doc)).toBe('pdf.js');
      expect(doc.blocks.some((b) => b.ocr)).toBe(false);
    },
    OCR_TIMEOUT,
  );

  it(
    'does not turn a Russian page into English OCR noise, and says which language data is missing',
    async () => {
      // Only page 1 is OCR'd (the limit); English OCR of Cyrillic is rejected like the layer was.
      const work = parsePdfInProcess(readPdf('issue12963.pdf'), { ocr: { languages: ['eng', 'rus'], maxPages: 1 } });
      const failure = await work.catch((error: unknown) => error);
      expect(await failureReason(work)).toBe('no_text_found');
      const message = (failure as ParseFailure).message;
      expect(message).toContain('OCR data for rus is not installed');
      expect(message).toContain('page 1: text layer unreadable and OCR (eng) found no readable text');
      expect(message).toContain('pages 2–8: not read, OCR is limited to 1 page per file');
    },
    OCR_TIMEOUT,
  );
});
