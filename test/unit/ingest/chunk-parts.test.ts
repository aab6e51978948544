import { describe, expect, it } from 'vitest';
import { extractSync } from '../../../src/core/extract/builtin-extractor';
import { chunkExtraction, partStarts, type PartResult } from '../../../src/core/ingest/chunk-parts';
import { chunkText } from '../../../src/core/ingest/chunker';

const TEXT = [
  'The Curie family lived in Paris for many years after the war ended.',
  'Marie Curie was born in Warsaw in 1867 and studied physics there.',
  'Pierre Curie taught at the School of Physics and Chemistry in Paris.',
  'Their daughter Irène Joliot-Curie won the Nobel Prize in Chemistry in 1935.',
  'Her notebooks are still kept at the national library in Paris.',
].join(' ');

describe('chunk parts: each overlap is extracted once', () => {
  const chunks = chunkText(TEXT, { targetChars: 150, overlapChars: 70 });
  const starts = partStarts(chunks);
  const parts: PartResult[] = chunks.map((c, i) => ({ at: starts[i] ?? 0, result: extractSync(TEXT.slice(starts[i], c.end)) }));

  it('cuts the document into parts that do not overlap and end where the chunks end', () => {
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.some((c, i) => i > 0 && c.start < (chunks[i - 1]?.end ?? 0))).toBe(true);
    chunks.forEach((c, i) => {
      expect(starts[i]).toBeGreaterThanOrEqual(c.start);
      if (i > 0) expect(starts[i]).toBe(Math.max(c.start, chunks[i - 1]?.end ?? 0));
    });
    const extracted = chunks.reduce((n, c, i) => n + c.end - (starts[i] ?? 0), 0);
    const whole = chunks.reduce((n, c) => n + c.end - c.start, 0);
    expect(extracted).toBeLessThan(whole);
  });

  it("gives a chunk the names and facts of its overlap, with spans in the chunk's own text", () => {
    chunks.forEach((chunk, i) => {
      const own = parts[i] as PartResult;
      const result = chunkExtraction(chunk, own, parts[i - 1] ?? null);
      const text = TEXT.slice(chunk.start, chunk.end);
      // Everything extracted from the chunk whole that lies inside its own part or a whole sentence
      // of the overlap is found again; every span points at the words it names.
      const direct = extractSync(text);
      for (const e of result.entities) for (const m of e.mentions) expect(text.slice(m.start, m.end).length).toBeGreaterThan(0);
      for (const f of result.facts) expect(f.sentence.start).toBeGreaterThanOrEqual(0);
      const keys = new Set(result.entities.map((e) => e.key));
      for (const e of direct.entities) {
        if (e.mentions.every((m) => m.start >= (starts[i] ?? 0) - chunk.start)) expect(keys, e.key).toContain(e.key);
      }
    });
  });

  it('finds a fact whose sentence lies wholly in the overlap in both chunks', () => {
    const i = chunks.findIndex((c, k) => k > 0 && TEXT.slice(c.start, chunks[k - 1]?.end).includes('Marie Curie was born in Warsaw'));
    expect(i).toBeGreaterThan(0);
    const chunk = chunks[i]!;
    const result = chunkExtraction(chunk, parts[i]!, parts[i - 1]!);
    const text = TEXT.slice(chunk.start, chunk.end);
    const marie = result.entities.find((e) => e.key === 'marie curie');
    expect(marie && text.slice(marie.mentions[0]!.start, marie.mentions[0]!.end)).toBe('Marie Curie');
    const born = result.facts.find((f) => f.subjectKey === 'marie curie' && f.predicate.startsWith('born'));
    expect(born && text.slice(born.sentence.start, born.sentence.end)).toContain('born in Warsaw');
  });
});
