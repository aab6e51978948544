import { describe, expect, it } from 'vitest';
import { halfOf, losesGold } from '../../../bench/quality/halves';
import { missingAnswerVariant } from '../../../bench/quality/missing-answer';
import { passagesOf, plainBm25 } from '../../../bench/quality/plain-bm25';
import { goldRanks, meanScores, scoreQuestion } from '../../../bench/quality/quality-metrics';
import { loadSet, offTopicQuestions, type GoldQuestion } from '../../../bench/quality/quality-sets';

const p = (title: string, text = ''): { title: string; text: string } => ({ title, text });
const q = (gold: string[], answer?: string): GoldQuestion => ({ id: 'q', question: '?', gold, ...(answer ? { answer } : {}) });

describe('quality benchmark scoring', () => {
  it('ranks gold by distinct title: recall@5, first gold rank, all gold in the top 10', () => {
    const ranks = goldRanks([p('A'), p('A'), p('x'), p('y'), p('z'), p('w'), p('v'), p('B')], q(['A', 'B']), 'title');
    expect(ranks).toEqual([1, 7]);
    expect(scoreQuestion(ranks)).toEqual({ recall5: 0.5, mrr: 1, allGold10: 1, top3: 1 });
    expect(scoreQuestion([0, 3])).toEqual({ recall5: 0.5, mrr: 1 / 3, allGold10: 0, top3: 1 });
  });

  it('scores by the passage holding the answer where a set asks for it, whatever its title', () => {
    const passages = [p('Rhine', 'The river is long.'), p('Rhine', 'It is 1,230  km long.')];
    expect(goldRanks(passages, q(['Rhine'], '1,230 km'), 'answer')).toEqual([2]);
  });

  it('gives no credit below rank 10 and counts a refused question as a miss', () => {
    expect(scoreQuestion([11])).toEqual({ recall5: 0, mrr: 0, allGold10: 0, top3: 0 });
    const scores = [scoreQuestion([1]), scoreQuestion([2])];
    expect(meanScores(scores, [false, true]).mrr).toBeCloseTo(0.5);
    expect(meanScores(scores).mrr).toBeCloseTo(0.75);
  });

  it('plain BM25 ranks the passage with the rarer matching words first', () => {
    const bm25 = plainBm25([p('Cats', 'Cats sleep most of the day.'), p('Dogs', 'Dogs bark at the postman every day.')]);
    expect(bm25.search('which day does the dog bark', 2).map((r) => r.title)).toEqual(['Dogs', 'Cats']);
    expect(bm25.search('cat', 2).map((r) => r.title)).toEqual(['Cats']);
  });

  it('splits by id into two halves of about the same size, the same way every time', () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `id-${i}`);
    const tuning = ids.filter((id) => halfOf(id) === 'tuning').length;
    expect(tuning).toBeGreaterThan(900);
    expect(tuning).toBeLessThan(1100);
    expect(ids.map(halfOf)).toEqual(ids.map(halfOf));
    // The missing-answer coin is independent of the half: each half loses the gold of about half its questions.
    const lost = ids.filter((id) => halfOf(id) === 'held-out' && losesGold(id)).length;
    expect(lost / (ids.length - tuning)).toBeGreaterThan(0.4);
    expect(lost / (ids.length - tuning)).toBeLessThan(0.6);
  });

  it('reads the real sets: unique titles, every gold title stored, answers inside their documents', () => {
    for (const name of ['xquad', 'xquad-long', 'hotpotqa', 'everyday'] as const) {
      const set = loadSet(name);
      const titles = new Set(set.documents.map((d) => d.title));
      expect(titles.size).toBe(set.documents.length);
      expect(set.questions.every((x) => x.gold.every((g) => titles.has(g)))).toBe(true);
      expect(new Set(set.questions.map((x) => x.id)).size).toBe(set.questions.length);
    }
    expect(loadSet('hotpotqa').questions.every((x) => x.gold.length === 2)).toBe(true);
    expect(offTopicQuestions().length).toBeGreaterThanOrEqual(200);
  });

  it('the missing-answer variant removes the gold passages of about half the questions, and only those lose their answer', () => {
    const set = loadSet('xquad-long');
    const variant = missingAnswerVariant(set);
    const share = variant.missing.length / set.questions.length;
    expect(share).toBeGreaterThan(0.4);
    const bm25 = plainBm25(passagesOf(variant.documents, true));
    const answer = variant.missing[0]?.answer ?? '';
    expect(bm25.search(variant.missing[0]?.question ?? '', 50).some((r) => r.text.includes(answer) && r.title === variant.missing[0]?.gold[0])).toBe(false);
  });
});
