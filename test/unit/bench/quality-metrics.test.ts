import { describe, expect, it } from 'vitest';
import type { Answer } from '../../../bench/quality/ask-questions';
import { scoreRanking } from '../../../bench/quality/quality-metrics';
import { loadSet, spread } from '../../../bench/quality/quality-sets';

const answer = (titles: string[], insufficient = false): Answer => ({ titles, insufficient, roundTripMs: 10, serverMs: 5 });

describe('quality benchmark scoring', () => {
  it('scores two-gold questions by recall, first gold rank and both-in-top-10, and counts refusals as gated misses', () => {
    const gold = [['A', 'B'], ['C', 'D'], ['E', 'F']];
    // q1: both gold at 1 and 7; q2: one gold at 3, the other missing; q3: both at 2 and 4 but refused by the gate.
    const ranked = [answer(['A', 'x', 'y', 'z', 'w', 'v', 'B']), answer(['x', 'y', 'C']), answer(['x', 'E', 'y', 'F'])];
    const served = [answer([]), answer([]), answer([], true)];
    const s = scoreRanking(ranked, served, gold);
    expect(s.recall5).toBeCloseTo((0.5 + 0.5 + 1) / 3);
    expect(s.recall10).toBeCloseTo((1 + 0.5 + 1) / 3);
    expect(s.mrr).toBeCloseTo((1 + 1 / 3 + 1 / 2) / 3);
    expect(s.allGold10).toBeCloseTo(2 / 3);
    expect(s.gated.recall5).toBeCloseTo((0.5 + 0.5) / 3);
    expect(s.gated.allGold10).toBeCloseTo(1 / 3);
    expect(s.insufficientRate).toBeCloseTo(1 / 3);
  });

  it('gives no credit for gold ranked below 10', () => {
    const titles = Array.from({ length: 12 }, (_, i) => `t${i}`);
    const s = scoreRanking([answer(titles)], [answer(titles)], [['t10']]);
    expect([s.recall10, s.mrr, s.allGold10]).toEqual([0, 0, 0]);
  });

  it('reads the real sets: unique titles, every gold title stored, HotpotQA with two gold paragraphs', () => {
    const xquad = loadSet('xquad');
    const hotpot = loadSet('hotpotqa');
    expect([xquad.documents.length, xquad.questions.length]).toEqual([240, 1190]);
    expect([hotpot.documents.length, hotpot.questions.length]).toEqual([994, 100]);
    for (const set of [xquad, hotpot]) {
      const titles = new Set(set.documents.map((d) => d.title));
      expect(titles.size).toBe(set.documents.length);
      expect(set.questions.every((q) => q.gold.every((g) => titles.has(g)))).toBe(true);
    }
    expect(hotpot.questions.every((q) => q.gold.length === 2)).toBe(true);
    expect(spread(xquad.questions, 50)).toHaveLength(50);
  });
});
