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

  it('are covered by a synonym of the whole ("aquarium" for "fish tank"), even where the passage holds them apart', () => {
    const fishTank = analyze('fish tank');
    const aquarium: Lexicon = {
      ...emptyLexicon,
      isPhrase: (a, b) => `${a} ${b}` === fishTank.join(' '),
      phraseRelated: (a, b) => (`${a} ${b}` === fishTank.join(' ') ? [{ terms: analyze('aquarium'), weight: 1, source: 'phrase' }] : []),
      // A word's own relatives say nothing of the unit where the word itself is there.
      related: (t) => (t === analyze('fish')[0] ? [{ terms: analyze('feeds'), weight: 1, source: 'vectors' }] : []),
    };
    const question = 'Where is the fish tank?';
    const stats = new Map([['fish', 10], ['tank', 10], ['aquarium', 5]]);
    const weighed = (lexicon: Lexicon) => termWeights(uniqueTerms(question), 1000, stats, { units: questionUnits(question, lexicon), lexicon, relatedCredit: 0.7 });
    const passage = 'Living-room aquarium. Whoever feeds the fish: one pinch, once a day. The tank light runs on a timer.';
    const withSynonym = coverageOf('Care sheet', passage, weighed(aquarium));
    const without = coverageOf('Care sheet', passage, weighed({ ...aquarium, phraseRelated: () => [] }));
    expect(without).toBeCloseTo(0.5, 6);
    expect(withSynonym).toBeCloseTo(0.7, 6);
    // The phrase's synonym says nothing of either word used alone.
    expect(weighed(aquarium).related.get(analyze('fish')[0] ?? '')).toBeDefined();
    const alone = termWeights(uniqueTerms('Which fish eat algae?'), 1000, stats, { units: questionUnits('Which fish eat algae?', aquarium), lexicon: aquarium, relatedCredit: 0.7 });
    expect(alone.related.get(analyze('fish')[0] ?? '')?.map((r) => r.source)).toEqual(['vectors']);
  });
});
