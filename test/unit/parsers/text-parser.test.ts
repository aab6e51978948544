import { describe, expect, it } from 'vitest';
import { ParseFailure } from '../../../src/core/parse/types';
import { createTextParser } from '../../../src/adapters/parsers/text-parser';

const parser = createTextParser();
const parse = (text: string | Uint8Array) => parser.parse(typeof text === 'string' ? Buffer.from(text, 'utf8') : text, {});

describe('text parser', () => {
  it('merges short paragraphs into blocks of a few KB, cut only between paragraphs', async () => {
    const paragraphs = Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1}. ${'Some words about the topic. '.repeat(6).trim()}`);
    const doc = await parse(paragraphs.join('\r\n\r\n'));
    expect(doc).toMatchObject({ mimeType: 'text/plain', title: null, structuredFacts: [], warnings: [] });
    expect(doc.blocks.length).toBeGreaterThan(1);
    for (const block of doc.blocks.slice(0, -1)) expect(block.text.length).toBeGreaterThan(2000);
    for (const block of doc.blocks) expect(block.text.length).toBeLessThanOrEqual(4000);
    expect(doc.blocks.map((block) => block.text).join('\n\n')).toBe(paragraphs.join('\n\n'));
  });

  it('splits one huge paragraph (a log without blank lines) at line breaks', async () => {
    const lines = Array.from({ length: 500 }, (_, i) => `2024-05-01T10:00:${String(i % 60).padStart(2, '0')} INFO request ${i} served`);
    const doc = await parse(lines.join('\n'));
    expect(doc.blocks.length).toBeGreaterThan(3);
    expect(doc.blocks.map((block) => block.text).join('\n')).toBe(lines.join('\n'));
  });

  it('decodes Latin-1 and reports that the encoding was not UTF-8', async () => {
    const doc = await parse(Buffer.from('Un café pour une idée naïve.', 'latin1'));
    expect(doc.blocks[0]?.text).toBe('Un café pour une idée naïve.');
    expect(doc.warnings).toHaveLength(1);
  });

  it('fails with no_text_found on empty or blank files', async () => {
    for (const empty of ['', '   \n\n\t \r\n']) {
      await expect(parse(empty)).rejects.toBeInstanceOf(ParseFailure);
      await expect(parse(empty)).rejects.toMatchObject({ reason: 'no_text_found' });
    }
  });

  it('stops when the signal is aborted', async () => {
    await expect(parser.parse(Buffer.from('hello'), { signal: AbortSignal.abort() })).rejects.toThrow();
  });
});
