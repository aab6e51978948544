import { describe, expect, it } from 'vitest';
import { draftsFromBlocks } from '../../src/core/ingest/chunk-drafts';
import { structuredFactsByChunk, withStructuredFacts } from '../../src/core/ingest/structured-facts';
import type { ParsedBlock } from '../../src/core/parse/types';

const config = { targetChars: 200, overlapChars: 30 };
const para = (n: number): string => `Sentence ${n} says something about page layout and citations. `.repeat(2).trim();

describe('draftsFromBlocks', () => {
  it('merges small blocks of one page, never across pages, and keeps offsets into the joined text', () => {
    const blocks: ParsedBlock[] = [
      { text: 'Short one.', page: 1 },
      { text: 'Short two.', page: 1 },
      { text: 'Next page.', page: 2 },
    ];
    const { text, drafts } = draftsFromBlocks(blocks, config);
    expect(drafts.map((d) => [text.slice(d.start, d.end), d.page])).toEqual([
      ['Short one.\n\nShort two.', 1],
      ['Next page.', 2],
    ]);
    expect(drafts[0]?.blocks).toEqual([0, 1]);
  });

  it('splits a long block like plain text and keeps its section on every piece', () => {
    const long = Array.from({ length: 8 }, (_, i) => para(i)).join(' ');
    const { text, drafts } = draftsFromBlocks([{ text: long, section: 'Guide > Setup' }], config);
    expect(drafts.length).toBeGreaterThan(2);
    for (const d of drafts) {
      expect(d.section).toBe('Guide > Setup');
      // A paragraph's last piece may run on to 1.5 times the target rather than leave a short tail.
      expect(d.end - d.start).toBeLessThanOrEqual(300);
      expect(long.includes(text.slice(d.start, d.end))).toBe(true);
    }
  });

  it('keeps an atomic block (a table, a CSV row) whole and alone', () => {
    const table = '| a | b |\n|---|---|\n| 1 | 2 |\n'.repeat(8);
    const { text, drafts } = draftsFromBlocks([{ text: 'Intro.' }, { text: table, atomic: true }, { text: 'Outro.' }], config);
    expect(drafts.map((d) => text.slice(d.start, d.end))).toEqual(['Intro.', table, 'Outro.']);
  });
});

describe('structured facts', () => {
  it('become attributes of the row entity in the chunk that holds their row', () => {
    const blocks: ParsedBlock[] = [
      { text: 'Row 1. iata: DEN; name: Denver International', row: 1, atomic: true },
      { text: 'Row 2. iata: SEA; name: Seattle-Tacoma', row: 2, atomic: true },
    ];
    const { drafts } = draftsFromBlocks(blocks, config);
    const byChunk = structuredFactsByChunk(drafts, [
      { subject: 'Seattle-Tacoma', predicate: 'iata', value: 'SEA', block: 1 },
      { subject: 'Seattle-Tacoma', predicate: 'state', value: '', block: 1 },
    ]);
    expect([...byChunk.keys()]).toEqual([1]);
    const chunk = { id: 'chk_1', documentId: 'doc_1', ordinal: 1, text: blocks[1]!.text, start: 0, end: 0, page: null, section: null, row: null };
    const write = withStructuredFacts({ chunk, vector: null, terms: [], entities: [], facts: [] }, byChunk.get(1));
    expect(write.entities.map((e) => e.name)).toEqual(['Seattle-Tacoma']);
    expect(write.facts).toEqual([expect.objectContaining({ predicate: 'iata', value: 'SEA', kind: 'attribute', confidence: 1 })]);
  });
});
