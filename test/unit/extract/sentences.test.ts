import { describe, expect, it } from 'vitest';
import { splitSentences } from '../../../src/core/extract/sentences';

function sentencesOf(text: string): string[] {
  return splitSentences(text).map((s) => text.slice(s.start, s.end));
}

describe('splitSentences', () => {
  it('splits prose into sentences whose offsets slice back to the text', () => {
    const text = 'Marie Curie was born in Warsaw. She moved to Paris in 1891! Did she win two Nobel Prizes? Yes.';
    expect(sentencesOf(text)).toEqual([
      'Marie Curie was born in Warsaw.',
      'She moved to Paris in 1891!',
      'Did she win two Nobel Prizes?',
      'Yes.',
    ]);
  });

  it('trims surrounding whitespace and blank lines', () => {
    const text = '   First sentence.  \n\n  Second sentence.\t';
    expect(sentencesOf(text)).toEqual(['First sentence.', 'Second sentence.']);
  });

  it('does not split at common abbreviations', () => {
    const text = 'Dr. Smith met Mr. Jones in the U.S. last year. They talked.';
    expect(sentencesOf(text)).toEqual(['Dr. Smith met Mr. Jones in the U.S. last year.', 'They talked.']);
  });

  it('does not split at the dot inside a name or address ("PDF.js", "www.example.com")', () => {
    const text = 'Slack and Dropbox integrate PDF.js to preview documents. See www.example.com for more.';
    expect(sentencesOf(text)).toEqual(['Slack and Dropbox integrate PDF.js to preview documents.', 'See www.example.com for more.']);
  });

  it('returns nothing for empty or blank text', () => {
    expect(splitSentences('')).toEqual([]);
    expect(splitSentences('   \n\t ')).toEqual([]);
  });

  it('treats text without punctuation as one sentence', () => {
    const text = '  a heading without any punctuation at all  ';
    expect(sentencesOf(text)).toEqual(['a heading without any punctuation at all']);
  });

  it('keeps offsets right after non-breaking spaces and non-Latin letters', () => {
    const text = 'Gdańsk lies on the Baltic.\u00a0Łódź is inland.';
    expect(sentencesOf(text)).toEqual(['Gdańsk lies on the Baltic.', 'Łódź is inland.']);
  });

  it('copes with very long text: ordered, non-overlapping spans inside the text', () => {
    const text = 'The river flows north through the valley. It reaches the sea at the old port. '.repeat(2500);
    const spans = splitSentences(text);
    expect(spans.length).toBe(5000);
    let previousEnd = 0;
    for (const s of spans) {
      expect(s.start).toBeGreaterThanOrEqual(previousEnd);
      expect(s.end).toBeGreaterThan(s.start);
      expect(s.end).toBeLessThanOrEqual(text.length);
      previousEnd = s.end;
    }
  });

  it('returns quickly for 100 KB without a single space', () => {
    const text = 'x'.repeat(100_000);
    const started = performance.now();
    const spans = splitSentences(text);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(spans).toEqual([{ start: 0, end: text.length }]);
  });
});
