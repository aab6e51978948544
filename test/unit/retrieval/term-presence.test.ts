import { describe, expect, it } from 'vitest';
import { emptyLexicon, type KnowledgeStore, type Lexicon, type RelatedTerm } from '../../../src/core/ports';
import { termWeights } from '../../../src/core/retrieval/coverage';
import { questionUnits } from '../../../src/core/retrieval/question-units';
import { basePresence } from '../../../src/core/retrieval/term-presence';
import { analyze, uniqueTerms } from '../../../src/core/text/analyze';

/** A stand-in for the store's vocabulary read: each analysed word of `text` in one passage. */
function vocabulary(text: string): { store: KnowledgeStore; df: Map<string, number> } {
  const df = new Map(analyze(text).map((t) => [t, 1]));
  const store = { termStats: async (terms: string[]) => ({ chunkCount: 100, docFrequency: new Map(terms.filter((t) => df.has(t)).map((t) => [t, 1])) }) };
  return { store: store as unknown as KnowledgeStore, df };
}

const booth = analyze('phone booth') as [string, string];
const synonyms: RelatedTerm[] = [
  { terms: analyze('call box'), weight: 1, source: 'phrase' },
  { terms: analyze('kiosk'), weight: 1, source: 'phrase' },
];
const lexicon: Lexicon = { ...emptyLexicon, isPhrase: (a, b) => a === booth[0] && b === booth[1], phraseRelated: (a, b) => (a === booth[0] && b === booth[1] ? synonyms : []) };

async function presenceOfBooth(text: string): Promise<number> {
  const question = 'Is there a phone booth for calls?';
  const { store, df } = vocabulary(text);
  const terms = uniqueTerms(question);
  const weights = termWeights(terms, 100, df, { lexicon, units: questionUnits(question, lexicon), relatedCredit: 0.7 });
  return (await basePresence(store, terms, df, new Map(), weights))(booth[1]);
}

describe('how far the knowledge base holds a term', () => {
  it("counts a one-word synonym of the question's phrase, not the scattered words of a longer one", async () => {
    expect(await presenceOfBooth('Call the office. The parcel box is at reception. Use the phone.')).toBe(0);
    expect(await presenceOfBooth('There is a phone kiosk in the lobby.')).toBeCloseTo(0.7, 6);
  });
});
