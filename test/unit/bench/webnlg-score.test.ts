import { describe, expect, it } from 'vitest';
import { bestAssignment, challengeScores, challengeWords } from '../../../bench/quality/webnlg-challenge-score';
import { isoDate, normaliseName, sameName } from '../../../bench/quality/webnlg-names';
import { pairCounts } from '../../../bench/quality/webnlg-pair-score';

const t = (subject: string, predicate: string, object: string) => ({ subject, predicate, object });

describe('WebNLG names', () => {
  it('normalises underscores, case, punctuation, units, numbers and written dates', () => {
    expect(normaliseName('Swords,_Dublin')).toBe('swords dublin');
    expect(normaliseName('17068.8 (millimetres)')).toBe('17068.8');
    expect(normaliseName('"101 Ukrop Way"')).toBe('101 ukrop way');
    expect(normaliseName('3,500.0')).toBe('3500');
    expect(normaliseName('The Beatles')).toBe('beatles');
    expect(normaliseName('College_of_William_&_Mary')).toBe('college of william and mary');
    expect(normaliseName('Agremiação_Sportiva')).toBe('agremiacao sportiva');
    expect(isoDate('11 May 1986')).toBe('1986-05-11');
    expect(isoDate('May 11, 1986')).toBe('1986-05-11');
    expect(normaliseName('"1983-10-03"')).toBe(normaliseName('3rd October 1983'));
  });

  it('matches a name to a run of at least half the words of the other, never one word of three', () => {
    expect(sameName('swords', 'swords dublin')).toBe(true);
    expect(sameName('17068.8', '17068.8 millimetre')).toBe(true);
    expect(sameName('miller', 'alan b miller hall')).toBe(false);
    expect(sameName('dublin swords', 'swords dublin')).toBe(false);
  });

  it('counts a reference as linked by a fact in either direction, and a fact as correct only on a reference pair', () => {
    const refs = [t('Trane', 'location', 'Swords,_Dublin'), t('Trane', 'foundingDate', '1913-01-01')];
    const facts = [t('Swords', 'is home of', 'Trane'), t('Trane', 'makes', 'air conditioners')];
    expect(pairCounts(refs, facts)).toEqual({ references: 2, linked: 1, facts: 2, correct: 1 });
  });
});

describe('WebNLG 2020 exact and partial matching', () => {
  it('splits camelCase predicates and drops the object unit as the challenge does', () => {
    expect(challengeWords('birthPlace')).toEqual(['birth', 'place']);
    expect(challengeWords('17068.8 (millimetres)', true)).toEqual(['17068.8']);
  });

  it('gives full marks to identical triples, half credit to partial elements under partial only', () => {
    const refs = [t('Trane', 'location', 'Swords,_Dublin')];
    expect(challengeScores([{ refs, cands: refs }]).exact.f1).toBe(1);
    const partial = challengeScores([{ refs, cands: [t('Trane', 'location city', 'Swords')] }]);
    // subject correct; predicate and object share words: exact 1 of 3, partial 1 + 2 halves of 3.
    expect(partial.exact.f1).toBeCloseTo(1 / 3);
    expect(partial.partial.f1).toBeCloseTo(2 / 3);
  });

  it('pairs candidates to references for the best total, and scores unpaired ones as zero', () => {
    const refs = [t('A', 'p', 'B'), t('C', 'q', 'D')];
    const scores = challengeScores([{ refs, cands: [t('C', 'q', 'D'), t('A', 'p', 'B'), t('E', 'r', 'F')] }]);
    expect(scores.pairs).toBe(3);
    expect(scores.exact.f1).toBeCloseTo(2 / 3);
    expect(bestAssignment([[1, 5], [4, 1]])).toEqual([1, 0]);
  });

  it('reads a swapped subject and object as found', () => {
    const scores = challengeScores([{ refs: [t('Trane', 'location', 'Dublin')], cands: [t('Dublin', 'location', 'Trane')] }]);
    expect(scores.exact.f1).toBe(1);
  });
});
