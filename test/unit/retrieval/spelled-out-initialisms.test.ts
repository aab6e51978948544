import { describe, expect, it } from 'vitest';
import { spelledOutInitialisms, type SpelledOutSources } from '../../../src/core/retrieval/spelled-out-initialisms';
import { analyze } from '../../../src/core/text/analyze';

/** A small company's notes, one passage each, searched by their analysed terms. */
function notes(...passages: string[]): SpelledOutSources {
  const holding = (term: string): string[] => passages.filter((p) => analyze(p).includes(term));
  return {
    docFrequency: async (terms) => new Map(terms.map((t) => [t, holding(t).length])),
    passagesWith: async (term, limit) => holding(term).slice(0, limit),
  };
}

const wiki = notes('Revenue: ARR now £2.1M, up 38% yoy; recurring invoices shipped.', 'Holiday (PTO): 27 days of paid holiday a year. Book it in CharlieHR.', 'Style pages with CSS; the build minifies it.', 'CAR PARK\nThere are four spaces behind the office.', 'The cam is in the hall.');

describe('initials of words a question spells out', () => {
  it('finds the abbreviation the notes write for three or more words, and the terms it stands for', async () => {
    expect(await spelledOutInitialisms("what's our annual recurring revenue right now", wiki)).toEqual([{ term: 'arr', passages: 1, standsFor: ['annual', 'recur', 'revenu'] }]);
    // A function word inside gives its letter: paid time off.
    expect((await spelledOutInitialisms('how many paid time off days do I get', wiki)).map((f) => f.term)).toEqual(['pto']);
  });

  it('reads nothing from initials the notes never write in capitals, or write only in a heading of capitals', async () => {
    // "cam" is a word of the notes, written in lower case; CAR is a heading's word.
    expect(await spelledOutInitialisms('is the cold air machine on', wiki)).toEqual([]);
    expect(await spelledOutInitialisms('is the city airport rail link open', wiki)).toEqual([]);
  });

  it('reads nothing from initials whose passages hold under half the words, or from a run that ends on a function word', async () => {
    expect(await spelledOutInitialisms('how fast is the compiled sieve snippet', wiki)).toEqual([]);
    expect(await spelledOutInitialisms('is there paid time for travel', notes('Holiday: 27 days of paid holiday a year. PTF and sick days.'))).toEqual([]);
  });

  it('reads nothing from two words, or from an abbreviation the question writes itself', async () => {
    const two = notes('Ask in #ask-it before you open a PR.');
    expect(await spelledOutInitialisms('who reviews a pull request', two)).toEqual([]);
    expect(await spelledOutInitialisms('is ARR annual recurring revenue', wiki)).toEqual([]);
  });
});
