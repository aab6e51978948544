import { describe, expect, it } from 'vitest';
import { withoutAmountWords } from '../../../src/core/retrieval/amount-asks';
import { analyze } from '../../../src/core/text/analyze';

describe('a question asking for an amount', () => {
  it('is searched without the words that ask ("how many", "how much")', () => {
    expect(analyze(withoutAmountWords('How many airports does Alaska have?'))).toEqual(analyze('airports Alaska have'));
    expect(analyze(withoutAmountWords('how  much rain fell on 3 March?'))).toEqual(analyze('rain fell 3 March'));
  });

  it('keeps "many" and "much" where they are not the asking ("so many people", "how very much")', () => {
    expect(withoutAmountWords('Why did so many people leave Many, Louisiana?')).toBe('Why did so many people leave Many, Louisiana?');
    expect(withoutAmountWords('How very much did it cost?')).toBe('How very much did it cost?');
  });
});
