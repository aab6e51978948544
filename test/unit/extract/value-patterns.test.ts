import { describe, expect, it } from 'vitest';
import {
  DECADE,
  ORDINAL,
  abbreviates,
  isAcronym,
  isDayNumber,
  isFraction,
  isRangeDash,
  isYear,
  withoutDot,
} from '../../../src/core/extract/value-patterns';

describe('value patterns', () => {
  it('takes four digits from 1000 to 2099 as a year', () => {
    expect(isYear('1867')).toBe(true);
    expect(isYear('2099')).toBe(true);
    expect(isYear('0999')).toBe(false);
    expect(isYear('2100')).toBe(false);
    expect(isYear('186')).toBe(false);
    expect(isYear('18a7')).toBe(false);
  });

  it('recognises day numbers, fractions, dashes, ordinals and decades', () => {
    expect(isDayNumber('5')).toBe(true);
    expect(isDayNumber('31')).toBe(true);
    expect(isDayNumber('32')).toBe(false);
    expect(isDayNumber('1.5')).toBe(false);
    expect(isFraction('½')).toBe(true);
    expect(isFraction('1/2')).toBe(false);
    expect(isRangeDash('–')).toBe(true);
    expect(isRangeDash('/')).toBe(false);
    expect(ORDINAL.test('44th')).toBe(true);
    expect(ORDINAL.test('44')).toBe(false);
    expect(DECADE.test('1620s')).toBe(true);
    expect(DECADE.test('20s')).toBe(false);
  });

  it('drops one trailing dot', () => {
    expect(withoutDot('sept.')).toBe('sept');
    expect(withoutDot('sept')).toBe('sept');
  });

  it('takes two to eight capitals, optionally dotted, as an acronym', () => {
    expect(isAcronym('IBM')).toBe(true);
    expect(isAcronym('U.S.')).toBe(true);
    expect(isAcronym('AT&T')).toBe(true);
    expect(isAcronym('I')).toBe(false);
    expect(isAcronym('Ibm')).toBe(false);
    expect(isAcronym('ABCDEFGHI')).toBe(false);
  });

  it('matches an acronym to the capitals of the name it abbreviates, in order', () => {
    expect(abbreviates('IBM', 'International Business Machines')).toBe(true);
    expect(abbreviates('NASA', 'National Aeronautics and Space Administration')).toBe(true);
    expect(abbreviates('BMI', 'International Business Machines')).toBe(false);
    expect(abbreviates('IBM', 'Intel')).toBe(false);
  });
});
