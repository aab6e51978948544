import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { answerSignals, judgePassage } from '../../../src/core/retrieval/answer-signals';
import { answerability } from '../../../src/core/retrieval/answerability';
import { termWeights } from '../../../src/core/retrieval/coverage';
import { withTextLead } from '../../../src/core/retrieval/fusion';
import { GATE_MODEL } from '../../../src/core/retrieval/gate-model';
import { mayBeNoAnswer, saysNoAnswer } from '../../../src/core/answer/model-verdict';
import { openLexiconFile } from '../../../src/adapters/lexicon/lexicon-file';
import type { Lexicon } from '../../../src/core/ports';
import { analyze, uniqueTerms } from '../../../src/core/text/analyze';

/** A hand-made lexicon: "get" is common English, "deposit" less so, names unknown (rare). */
const lexicon: Lexicon = {
  prior: (t) => ({ get: 0.2, back: 0.2, deposit: 0.5, lease: 0.55, return: 0.3, paint: 0.5 } as Record<string, number>)[t],
  related: (t) => (t === 'back' ? [{ terms: ['return'], weight: 0.8, source: 'vectors' as const }] : []),
  priorIdf: () => 10,
  isPhrase: () => false,
  phraseRelated: () => [],
  meaning: () => undefined,
};

const signalsOf = (question: string, passages: { title: string; text: string }[], df: Map<string, number>, chunks = 40) => {
  const terms = uniqueTerms(question);
  const weights = termWeights(terms, chunks, df, { lexicon, relatedCredit: 0.7 });
  return answerSignals(terms, weights, passages.map((p) => judgePassage(p, weights)), { presence: (t) => ((df.get(t) ?? 0) > 0 ? 1 : 0) });
};

describe('answer signals', () => {
  const lease = { title: 'Lease', text: 'The deposit is returned within 14 days after the end of the lease. Rent is due on the first.' };
  const df = new Map(analyze(lease.text + ' lease').map((t) => [t, 3]));

  it('on a small base, a common word the base lacks ("get") weighs little, so the deposit question stays covered', () => {
    const s = signalsOf('When do I get my deposit back?', [lease], df);
    const terms = uniqueTerms('When do I get my deposit back?');
    const baseWeights = termWeights(terms, 40, df);
    const baseOnly = answerSignals(terms, baseWeights, [judgePassage(lease, baseWeights)], { presence: (t) => ((df.get(t) ?? 0) > 0 ? 1 : 0) });
    expect(s.window).toBeGreaterThan(0.6);
    expect(baseOnly.window).toBeLessThan(0.4);
  });

  it('judges a table row as one record: "the capital of Austria" is its key and a far column, not a phrase to find', () => {
    const columns = Array.from({ length: 40 }, (_, i) => `code_${i}: X${i}`).join('; ');
    const row = { title: 'country-codes.csv', text: `official_name_en: Austria; ${columns}; Capital: Vienna; Continent: EU` };
    const terms = uniqueTerms('What is the capital of Austria?');
    const weights = termWeights(terms, 300, new Map([['capit', 250], ['austria', 2]]), { units: [['capit', 'austria']] });
    expect(judgePassage({ ...row, record: true }, weights).window.share).toBe(1);
    expect(judgePassage(row, weights).window.share).toBeLessThan(1);
  });

  it('a question that names the subject but asks what the base never says is covered only by its subject', () => {
    const ada = { title: 'Ada Lovelace', text: 'Ada Lovelace wrote the first published algorithm.' };
    const s = signalsOf('What did Ada Lovelace paint in Venice?', [ada], new Map(analyze(ada.text).map((t) => [t, 1])), 3);
    expect(s.specific).toBe(0);
    expect(s.absent).toBeGreaterThan(0.3);
    expect(answerability(s, GATE_MODEL)).toBeLessThan(0.5);
  });

  it('counts a question in other words as close in meaning to the passage that answers it, and an unrelated one as far', () => {
    const words = openLexiconFile(fileURLToPath(new URL('../../../resources/lexicon.json.gz', import.meta.url)));
    const guests = { title: 'House rules', text: 'Guests may stay overnight for up to 14 nights in a row. Longer visits need the landlord’s written consent.' };
    const closeness = (question: string): number => {
      const terms = uniqueTerms(question);
      const weights = termWeights(terms, 40, df, { lexicon, relatedCredit: 0.7 });
      return answerSignals(terms, weights, [judgePassage(guests, weights)], { presence: () => 1, meaning: (t) => words.meaning(t) }).semantic;
    };
    const asked = closeness('Can my sister sleep at my flat for three weeks?');
    expect(asked).toBeGreaterThan(0.5);
    expect(closeness('How long should I rest a smoked brisket?')).toBeLessThan(asked - 0.2);
    expect(answerSignals(['guest'], termWeights(['guest'], 40, df), [judgePassage(guests, termWeights(['guest'], 40, df))], { presence: () => 1 }).semantic).toBe(0);
  });

  it('the fitted model rates the answerable question well above the one on a subject the base lacks', () => {
    const answerable = answerability(signalsOf('When is the deposit returned after the lease ends?', [lease], df), GATE_MODEL);
    const offTopic = answerability(signalsOf('How long should I rest a smoked brisket?', [lease], df), GATE_MODEL);
    expect(answerable).toBeGreaterThan(0.5);
    expect(offTopic).toBeLessThan(answerable / 2);
  });
});

describe('fusion keeps the best text match first', () => {
  it('puts the text leg’s first passage ahead of the fused order, once', () => {
    expect(withTextLead(['b', 'a', 'c'], ['a', 'c'], 1)).toEqual(['a', 'b', 'c']);
    expect(withTextLead(['b', 'a'], [], 1)).toEqual(['b', 'a']);
  });
});

describe("a model's no-answer verdict", () => {
  it('is recognised whole, with a citation, and not in an answer that only starts like it', () => {
    expect(saysNoAnswer('The documents do not say.')).toBe(true);
    expect(saysNoAnswer('The documents do not say [1].')).toBe(true);
    expect(saysNoAnswer('The documents say she was born in Warsaw [1].')).toBe(false);
    expect(mayBeNoAnswer('The documents')).toBe(true);
    expect(mayBeNoAnswer('The documents say')).toBe(false);
    expect(mayBeNoAnswer('Marie')).toBe(false);
  });
});
