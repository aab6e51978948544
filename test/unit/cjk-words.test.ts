import { describe, expect, it } from 'vitest';
import { analyze, hasCjk } from '../../src/core/text/analyze';
import { cjkNoiseBigrams } from '../../src/core/text/cjk-words';

const judged = (question: string): string[] => {
  const noise = cjkNoiseBigrams(question);
  return analyze(question).filter((t) => !noise.has(t));
};

describe('the bigrams of a Chinese question that are words', () => {
  it('keeps the words and drops the bigrams that straddle two', () => {
    const terms = judged('在野马队的季后赛中，谁没有投球？');
    expect(terms).toEqual(expect.arrayContaining(['野马', '季后', '后赛', '投球']));
    // 在|野马, 马|队, 队|的, 赛|中: across words; 谁 asks the question.
    for (const straddling of ['在野', '马队', '队的', '赛中', '谁没']) expect(terms).not.toContain(straddling);
  });

  it('keeps the bigrams of a name the segmenter splits into single characters', () => {
    expect(judged('谁是黑豹队 2015 年的截锋领袖？')).toEqual(expect.arrayContaining(['黑豹', '2015', '领袖']));
  });

  it('drops question words, as English drops "what" and "how many"', () => {
    expect(judged('贾里德在职业生涯中有多少次擒杀？')).not.toContain('多少');
    expect(judged('玛丽·麦特琳把国歌翻译成什么语言？')).not.toContain('什么');
  });

  it('drops the courtesies around a question, as English drops "hi" and "thanks"', () => {
    const terms = judged('你好，请问谁夺回了漏失的球？谢谢');
    for (const courtesy of ['你好', '请问', '谢谢']) expect(terms).not.toContain(courtesy);
    expect(terms).toEqual(expect.arrayContaining(['夺回', '漏失']));
  });

  it('leaves text without Chinese or Japanese alone', () => {
    expect(cjkNoiseBigrams('How many tackles did Jared make?').size).toBe(0);
    expect(hasCjk('tackl')).toBe(false);
    expect(hasCjk('黑豹')).toBe(true);
  });
});
