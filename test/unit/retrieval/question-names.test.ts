import { describe, expect, it } from 'vitest';
import { holdsName, namedWords, questionNames } from '../../../src/core/retrieval/question-names';
import { answerSignals, judgePassage } from '../../../src/core/retrieval/answer-signals';
import { termWeights } from '../../../src/core/retrieval/coverage';
import { analyze } from '../../../src/core/text/analyze';

describe('questionNames', () => {
  it('finds the names of several words a question asks about, each as its terms', () => {
    expect(questionNames('Who is the oldest, Sid Haig or Vic Darchinyan?')).toEqual([analyze('Sid Haig'), analyze('Vic Darchinyan')]);
    expect(questionNames('What was the score of the last Champions League final?')).toEqual([analyze('Champions League')]);
    expect(questionNames('Which NFL team represented the AFC at Super Bowl 50?')).toEqual([analyze('Super Bowl 50')]);
    expect(questionNames('Which magazine came first, Arthur’s Magazine or First for Women?')).toEqual([analyze('First for Women')]);
  });

  it('does not join names across punctuation, "and", a number or a possessive', () => {
    expect(questionNames('When did the partnership between Tesla, Lane and Vail form?')).toEqual([]);
    expect(questionNames('Are Marian Gold and Jung Eun-ji members of the same band?')).toEqual([analyze('Marian Gold'), analyze('Jung Eun-ji')]);
    expect(questionNames('Who sang the Super Bowl 50 National Anthem?')).toEqual([analyze('Super Bowl 50'), analyze('National Anthem')]);
    expect(questionNames("Who were two of Kublai's Chinese advisers?")).toEqual([]);
  });

  it('reads no names from a question in title case or capitals, or from one capitalised word', () => {
    expect(questionNames('How Do I Reset The Router In The Hallway?')).toEqual([]);
    expect(questionNames('HOW LONG IS THE DEPOSIT HELD')).toEqual([]);
    // Typed in capitals with no function word to tell by.
    expect(questionNames("WHAT'S ICELAND'S THREE-LETTER ISO COUNTRY CODE?")).toEqual([]);
    expect(questionNames('Harbour Lane HL Freezer')).not.toEqual([]);
    expect(questionNames('Can I stay a few extra days after the Austin conference?')).toEqual([]);
  });
});

describe('namedWords', () => {
  it('finds the single capitalised words a question names, not its first word nor a name of several', () => {
    expect(namedWords('Who is the current president of France?')).toEqual(analyze('France'));
    expect(namedWords("My Kindle won't turn on, what can I do?")).toEqual(analyze('Kindle'));
    expect(namedWords('Who is the oldest, Sid Haig or Vic Darchinyan?')).toEqual([]);
    expect(namedWords('Kenya is where?')).toEqual([]);
    expect(namedWords('How Do I Reset The Router?')).toEqual([]);
  });
});

describe('holdsName', () => {
  it('holds a name whose words stand together in order, allowing another ending', () => {
    expect(holdsName(analyze('Nick Hexum, the vocalist for 311'), analyze('Nick Hexum'))).toBe(true);
    expect(holdsName(analyze('settlers in North America'), analyze('North American'))).toBe(true);
    expect(holdsName(analyze('Sophie Ramsay is a character; Kate left'), analyze('Kate Ramsay'))).toBe(false);
    expect(holdsName(analyze('the league named its champion'), analyze('Champions League'))).toBe(false);
  });
});

describe('the names signal', () => {
  const question = 'Kate Ramsay is a character from an Australian soap opera created by who?';
  const terms = analyze(question);
  const weights = termWeights(terms, 1000, new Map(terms.map((t) => [t, 20])));
  const signal = (text: string): number => answerSignals(terms, weights, [judgePassage({ title: '', text }, weights)], { presence: () => 1, names: questionNames(question) }).names;

  it('is whole when a top passage holds each name, half when it holds the words apart, none when a word is missing', () => {
    expect(signal('Kate Ramsay is a character from the Australian soap opera Neighbours, created by Reg Watson.')).toBe(1);
    expect(signal('Ramsay Street: Kate moved in. A character from the Australian soap opera.')).toBe(0.5);
    expect(signal('Sophie Ramsay is a character from the Australian soap opera Neighbours.')).toBe(0);
  });
});

describe('the named-words signal', () => {
  const question = 'Who is the current president of France?';
  const terms = analyze(question);
  const weights = termWeights(terms, 1000, new Map(terms.map((t) => [t, 20])));
  const signal = (...texts: string[]): number =>
    answerSignals(terms, weights, texts.map((text) => judgePassage({ title: '', text }, weights)), { presence: () => 1, namedWords: namedWords(question) }).namedWords;
  const kenya = 'Under the deal, the current president of Kenya would appoint the cabinet.';

  it('is whole when a top passage holds the word, none when the passages speak of another country', () => {
    expect(signal('The president of France is elected for five years.')).toBe(1);
    expect(signal(kenya, 'France exports wine.')).toBe(1);
    expect(signal(kenya)).toBe(0);
  });

  it('leaves a word the knowledge base lacks altogether to the absent-words signal', () => {
    const presence = (t: string): number => (t === analyze('France')[0] ? 0 : 1);
    const judged = [judgePassage({ title: '', text: kenya }, weights)];
    expect(answerSignals(terms, weights, judged, { presence, namedWords: namedWords(question) }).namedWords).toBe(1);
  });
});
