import { describe, expect, it } from 'vitest';
import type { KnowledgeStore, Lexicon } from '../../../src/core/ports';
import { stemVariants } from '../../../src/core/retrieval/term-variants';
import { analyze } from '../../../src/core/text/analyze';

/** A stand-in for the store's two vocabulary reads, over the analysed words of `text`. */
function vocabulary(text: string): KnowledgeStore {
  const df = new Map<string, number>();
  for (const t of analyze(text)) df.set(t, (df.get(t) ?? 0) + 1);
  return {
    termStats: async (terms: string[]) => ({ chunkCount: 100, docFrequency: new Map(terms.filter((t) => df.has(t)).map((t) => [t, df.get(t) ?? 0])) }),
    termsWithPrefix: async (prefix: string) => new Map([...df].filter(([t]) => t.startsWith(prefix))),
  } as unknown as KnowledgeStore;
}

const lexicon: Lexicon = { prior: () => undefined, related: (t) => (t === 'alaska' ? [{ terms: ['ak'], weight: 1, source: 'wordnet' }] : []), priorIdf: () => 0 };

describe('words the index lacks', () => {
  it('are looked up under their synonyms in their most used sense', async () => {
    const variants = await stemVariants(vocabulary('state: AK; state: WA'), ['alaska'], new Map(), lexicon);
    expect(variants.get('alaska')).toEqual(['ak']);
  });

  it('are split into two words the index holds when written as one', async () => {
    const variants = await stemVariants(vocabulary('We are paid on the last day of the month; pay rises in May.'), analyze('payday'), new Map());
    expect(variants.get(analyze('payday')[0] ?? '')?.sort()).toEqual([...analyze('pay'), ...analyze('day')].sort());
  });

  it('are left alone when nothing stands in for them', async () => {
    expect((await stemVariants(vocabulary('Cats sleep.'), ['brisket'], new Map(), lexicon)).size).toBe(0);
  });
});

describe('compounds', () => {
  it('are not made of words general English knows whole', async () => {
    const known: Lexicon = { ...lexicon, prior: (t) => (t === 'carpet' ? 0.5 : undefined) };
    expect((await stemVariants(vocabulary('The car and the pet.'), ['carpet'], new Map(), known)).size).toBe(0);
  });
});
