import { describe, expect, it } from 'vitest';
import { extractSync } from '../../../src/core/extract/builtin-extractor';
import { singularGuesses } from '../../../src/core/extract/plural-nouns';
import { singularConceptKeys } from '../../../src/core/retrieval/query-entities';

const conceptKeys = (text: string): string[] => extractSync(text).entities.filter((e) => e.type === 'concept').map((e) => e.key);

describe('plural concepts', () => {
  it('files a plural concept under its singular, so "engines" and "engine" are one entity', () => {
    expect(conceptKeys('Tesla built steam engines.')).toEqual(['steam engine']);
    expect(conceptKeys('Curie discovered two elements. Volta built batteries.')).toEqual(['element', 'battery']);
    expect(conceptKeys('Tesla hired women. Edison sold boxes.')).toEqual(['woman', 'box']);
    // The name as written is kept for display.
    expect(extractSync('Tesla built steam engines.').entities.find((e) => e.type === 'concept')?.name).toBe('steam engines');
  });

  it('keeps plurals with a meaning of their own, words that only look plural, and names', () => {
    expect(conceptKeys('Tesla sold goods.')).toEqual(['goods']);
    expect(conceptKeys('Tesla studied physics and species.')).toEqual(['physics', 'species']);
    const names = extractSync('Tesla met the Joneses in Wales.').entities.map((e) => e.key);
    expect(names).toEqual(expect.arrayContaining(['joneses', 'wales']));
  });

  it("lets a question's plural find a concept stored under its singular, and leaves names alone", () => {
    expect(singularConceptKeys('Which elements did Curie discover?')).toContain('element');
    expect(singularConceptKeys('Who built steam engines?')).toContain('steam engine');
    expect(singularConceptKeys('What did Steve Jobs found?')).not.toContain('job');
    // "uses" is no plural of the acronym "US".
    expect(singularConceptKeys('X.25 uses what type of network?')).not.toContain('us');
    expect(singularGuesses('batteries')).toContain('battery');
    expect(singularGuesses('goods')).toEqual([]);
    expect(singularGuesses('glass')).toEqual([]);
  });
});
