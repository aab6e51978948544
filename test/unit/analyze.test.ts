import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/core/text/analyze';

describe('analyze', () => {
  it('stems, lower-cases and drops function words', () => {
    expect(analyze('The Engines were running in the Factories')).toEqual(['engin', 'run', 'factori']);
  });

  it('treats ligatures and full-width forms as plain letters (NFKC)', () => {
    expect(analyze('ﬁnancial ｄａｔａ')).toEqual(analyze('financial data'));
  });

  it("drops possessives and keeps numbers as they are", () => {
    expect(analyze("Tesla's 1943 patents")).toEqual(['tesla', '1943', 'patent']);
  });

  it("reads a function word's contraction as a function word, not as another word ('we'll' is no well)", () => {
    expect(analyze("Stock options for people who've been here a while? We'll see; they'd know")).toEqual(['stock', 'option', 'peopl', 'see', 'know']);
    expect(analyze("Could've been d'Artagnan at five o'clock")).toEqual(['dartagnan', 'five', 'oclock']);
  });

  it('indexes CJK as overlapping bigrams', () => {
    expect(analyze('华沙是波兰')).toEqual(['华沙', '沙是', '是波', '波兰']);
  });

  it('returns nothing for punctuation and stopwords only', () => {
    expect(analyze('... the, of; and!')).toEqual([]);
  });
});
