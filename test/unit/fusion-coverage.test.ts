import { describe, expect, it } from 'vitest';
import { coverageOf } from '../../src/core/retrieval/answer-signals';
import { termWeights } from '../../src/core/retrieval/coverage';
import { fuseByRank, sortedByScore } from '../../src/core/retrieval/fusion';
import { analyze } from '../../src/core/text/analyze';
import { emptyLexicon } from '../../src/core/ports';

describe('fuseByRank', () => {
  it('rewards agreement between legs and ignores legs with no weight', () => {
    const scores = fuseByRank(
      [
        { name: 'text', weight: 1, chunkIds: ['a', 'b', 'c'] },
        { name: 'graph', weight: 0.5, chunkIds: ['c', 'b'] },
        { name: 'vector', weight: 0, chunkIds: ['z'] },
      ],
      60,
    );
    expect(sortedByScore(scores)).toEqual(['b', 'c', 'a']);
    expect(scores.has('z')).toBe(false);
  });
});

describe('coverage', () => {
  const terms = analyze('When did Scheele discover oxygen?');
  const weights = termWeights(terms, 1000, new Map([['scheel', 2], ['discov', 40], ['oxygen', 30]]));

  it('is high for a passage with the rare terms and low without them', () => {
    expect(coverageOf('', 'Carl Wilhelm Scheele discovered oxygen in Uppsala.', weights)).toBeGreaterThan(0.9);
    expect(coverageOf('', 'Oxygen is a gas.', weights)).toBeLessThan(0.5);
  });

  it("counts the document's title as part of every passage", () => {
    expect(coverageOf('Carl Wilhelm Scheele', 'He discovered oxygen in Uppsala.', weights)).toBeGreaterThan(0.9);
  });

  it('is low when the terms lie scattered far apart in a long passage, high when they meet', () => {
    const scattered = ['Scheele was born in Stralsund.', 'The town had a harbour.', 'Ships came often.', 'Trade grew.', 'Many people discovered the coast.', 'Later oxygen was studied.'].join(' ');
    const close = 'The town had a harbour. Ships came often. Scheele worked in Uppsala. He discovered oxygen there. Trade grew.';
    expect(coverageOf('', scattered, weights)).toBeLessThan(0.7);
    expect(coverageOf('', close, weights)).toBeGreaterThan(0.9);
  });

  it('weighs a term the knowledge base never saw as the most informative', () => {
    const w = termWeights(['sourdough', 'oxygen'], 1000, new Map([['oxygen', 30]]));
    expect(w.idf.get('sourdough')).toBeGreaterThan(w.idf.get('oxygen') ?? Infinity);
    expect(coverageOf('', 'oxygen everywhere', w)).toBeLessThan(0.5);
  });

  it("judges a number by the knowledge base, not by general English: in a lease and a log of dates, '24' is common", () => {
    // General English calls '24' rarer than 'insur'; in these documents it is in a third of the passages.
    const lexicon = { ...emptyLexicon, prior: (term: string) => ({ '24': 0.75, insur: 0.4, stai: 0.38 })[term] };
    const w = termWeights(['stai', '24', 'insur'], 150, new Map([['24', 50], ['insur', 4], ['stai', 3]]), { lexicon });
    expect(w.idf.get('24')).toBeLessThan(w.idf.get('insur') ?? 0);
    expect(coverageOf('', 'Dependants can stay on the insurance until they turn 26.', w)).toBeGreaterThan(coverageOf('', 'The landlord gives 24 hours notice.', w));
  });
});
