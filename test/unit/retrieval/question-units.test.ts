import { describe, expect, it } from 'vitest';
import { emptyLexicon, type Lexicon } from '../../../src/core/ports';
import { coverageOf } from '../../../src/core/retrieval/answer-signals';
import { termWeights } from '../../../src/core/retrieval/coverage';
import { questionUnits } from '../../../src/core/retrieval/question-units';
import { analyze, uniqueTerms } from '../../../src/core/text/analyze';

const phrases: Lexicon = { ...emptyLexicon, isPhrase: (a, b) => `${a} ${b}` === analyze('black hole').join(' ') };

describe('words that name one thing together', () => {
  it('are hyphenated compounds and two-word lemmas of general English', () => {
    expect(questionUnits('What is a light-year?', emptyLexicon)).toEqual([analyze('light year')]);
    expect(questionUnits('What is a black hole made of?', phrases)).toEqual([analyze('black hole')]);
    // "in-network" is one word with a particle, not two words.
    expect(questionUnits('Is the physio in-network?', emptyLexicon)).toEqual([]);
  });

  it('cover a question only where a passage holds them together', () => {
    const question = 'What is a light-year?';
    const weights = termWeights(uniqueTerms(question), 1000, new Map([['light', 20], ['year', 60]]), { units: questionUnits(question, emptyLexicon) });
    const apart = coverageOf('Tank care', 'Light timer: on 11:00, off 19:30. Replace the tube once a year.', weights);
    const together = coverageOf('Astronomy', 'A light year is the distance light travels in one year.', weights);
    expect(together).toBeGreaterThan(0.9);
    expect(apart).toBeLessThan(0.6);
  });

  it('count whole where the passage holds one of them and not the other ("tank" for "fish tank")', () => {
    const question = 'What temperature should the fish-tank be?';
    const weights = termWeights(uniqueTerms(question), 1000, new Map([['tank', 20], ['temperatur', 30]]), { units: questionUnits(question, emptyLexicon) });
    const plain = termWeights(uniqueTerms(question), 1000, new Map([['tank', 20], ['temperatur', 30]]));
    const passage = 'Keep the tank at a temperature of 25 °C.';
    expect(coverageOf('Tank care', passage, weights)).toBeCloseTo(coverageOf('Tank care', passage, plain), 6);
  });
});
