import { describe, expect, it } from 'vitest';
import type { FileParser } from '../../../src/core/parse/types';
import { createFileParsers, MIME } from '../../../src/adapters/parsers/parser-registry';
import { detectFileType } from '../../../src/adapters/parsers/detect-type';

describe('createFileParsers', () => {
  it('has a parser for every type detection returns, except PDF until one is given', async () => {
    const parsers = createFileParsers();
    for (const type of [MIME.text, MIME.markdown, MIME.csv, MIME.docx]) expect(parsers.parserFor(type)?.mimeTypes).toContain(type);
    expect(parsers.parserFor(MIME.pdf)).toBeNull();
    expect(parsers.parserFor('image/png')).toBeNull();

    const type = detectFileType(Buffer.from('iata,name\nDEN,Denver Intl\n'), { fileName: 'airports.csv' });
    const doc = await parsers.parserFor(type ?? '')?.parse(Buffer.from('iata,name\nDEN,Denver Intl\n'), {});
    expect(doc?.blocks[0]?.text).toBe('Row 1. name: Denver Intl; iata: DEN');
  });

  it('plugs the PDF parser into its slot', () => {
    const pdf: FileParser = {
      mimeTypes: [MIME.pdf],
      parse: async () => ({ mimeType: MIME.pdf, title: null, blocks: [{ text: 'x', page: 1 }], structuredFacts: [], warnings: [], pages: 1 }),
    };
    const parsers = createFileParsers({ pdf });
    expect(parsers.parserFor(MIME.pdf)).toBe(pdf);
    expect(parsers.mimeTypes).toEqual(expect.arrayContaining([MIME.text, MIME.markdown, MIME.csv, MIME.docx, MIME.pdf]));
  });
});
