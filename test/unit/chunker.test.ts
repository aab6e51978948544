import { describe, expect, it } from 'vitest';
import { chunkText } from '../../src/core/ingest/chunker';
import { articleText, xquadArticles } from '../helpers/real-data';

const config = { targetChars: 1000, overlapChars: 150 };
const isWordChar = (ch: string | undefined): boolean => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

describe('chunkText', () => {
  const text = xquadArticles().slice(0, 10).map(articleText).join('\n\n');
  const spans = chunkText(text, config);

  it('covers the whole text with offsets into the original', () => {
    expect(spans[0]?.start).toBe(0);
    expect(spans.at(-1)?.end).toBe(text.length);
    for (let i = 1; i < spans.length; i++) {
      const prev = spans[i - 1]!;
      const span = spans[i]!;
      expect(span.start).toBeGreaterThan(prev.start);
      // Consecutive chunks overlap or touch: no text is skipped (whitespace aside).
      expect(text.slice(prev.end, span.start).trim()).toBe('');
    }
  });

  it('never cuts inside a word', () => {
    for (const { start, end } of spans) {
      expect(isWordChar(text[start - 1]) && isWordChar(text[start])).toBe(false);
      expect(isWordChar(text[end - 1]) && isWordChar(text[end])).toBe(false);
    }
  });

  it('keeps chunks near the target size and prefers sentence ends', () => {
    const sizes = spans.map((s) => s.end - s.start);
    // A paragraph may run on to 1.5 times the target to end where it ends.
    expect(Math.max(...sizes)).toBeLessThanOrEqual(1500);
    expect(sizes.slice(0, -1).every((n) => n >= 500)).toBe(true);
    const sentenceEnds = spans.slice(0, -1).filter((s) => /[.!?]["')\]]?$/.test(text.slice(s.start, s.end))).length;
    expect(sentenceEnds / (spans.length - 1)).toBeGreaterThan(0.8);
  });

  it('keeps each paragraph that fits in one chunk, and starts the next chunk at a paragraph', () => {
    let from = 0;
    for (const paragraph of text.split('\n\n')) {
      const at = text.indexOf(paragraph, from);
      from = at + paragraph.length;
      if (paragraph.length > 1500) continue;
      expect(spans.some((s) => s.start <= at && s.end >= at + paragraph.length), paragraph.slice(0, 60)).toBe(true);
    }
    // No chunk opens with the last words of a paragraph the chunk before already held.
    for (let i = 1; i < spans.length; i++) {
      const head = text.slice(spans[i]!.start, spans[i - 1]!.end);
      expect(head.includes('\n\n'), text.slice(spans[i]!.start, spans[i]!.start + 60)).toBe(false);
    }
  });

  it('handles empty, tiny and space-free input', () => {
    expect(chunkText('', config)).toEqual([]);
    expect(chunkText('   \n ', config)).toEqual([]);
    expect(chunkText('  One sentence.  ', config)).toEqual([{ start: 2, end: 15 }]);
    const blob = 'x'.repeat(10_000);
    const parts = chunkText(blob, config);
    expect(parts.at(-1)?.end).toBe(10_000);
    expect(parts.every((p) => p.end - p.start <= 4000)).toBe(true);
  });

  it('splits CJK text without spaces at sentence marks', () => {
    const zh = '华沙是波兰的首都和最大的城市。'.repeat(150);
    const parts = chunkText(zh, config);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((p) => zh.slice(p.start, p.end).endsWith('。'))).toBe(true);
  });
});
