import { describe, expect, it } from 'vitest';
import type { KnowledgeStore, Lexicon } from '../../../src/core/ports';
import { termWeights, share } from '../../../src/core/retrieval/coverage';
import { compoundParts, formVariants, stemVariants } from '../../../src/core/retrieval/term-variants';
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

const lexicon: Lexicon = { prior: () => undefined, related: (t) => (t === 'alaska' ? [{ terms: ['ak'], weight: 1, source: 'wordnet' }] : []), priorIdf: () => 0, isPhrase: () => false, phraseRelated: () => [], meaning: () => undefined };

describe('words the index lacks', () => {
  it('are looked up under their synonyms in their most used sense', async () => {
    const variants = await stemVariants(vocabulary('state: AK; state: WA'), ['alaska'], new Map(), lexicon);
    expect(variants.get('alaska')).toEqual(['ak']);
  });

  it('are not stood in for by a far commoner synonym of a rare sense ("knead" is listed with "work")', async () => {
    const wordnet: Lexicon = { ...lexicon, prior: (t) => ({ knead: 0.83, work: 0.19, courgett: 0.8, zucchini: 0.75 })[t], related: (t) => (t === 'knead' ? [{ terms: ['work'], weight: 1, source: 'wordnet' }] : t === 'courgett' ? [{ terms: ['zucchini'], weight: 1, source: 'wordnet' }] : []) };
    const notes = vocabulary('Work from home on Fridays. Zucchini soup.');
    expect((await stemVariants(notes, analyze('knead'), new Map(), wordnet)).size).toBe(0);
    expect((await stemVariants(notes, analyze('courgette'), new Map(), wordnet)).get(analyze('courgette')[0] ?? '')).toEqual(['zucchini']);
  });

  it('borrow the indexed words that begin like them only where the two mean much the same', async () => {
    // Word vectors stand-in: "discovery" and "discovered" point one way, "protect" and "Protestant" apart.
    const vectors: Record<string, number[]> = { [analyze('discovery')[0] ?? '']: [1, 0.2], [analyze('discovered')[0] ?? '']: [0.9, 0.4], protect: [1, 0], [analyze('protestant')[0] ?? '']: [0, 1] };
    const meaning: Lexicon = { ...lexicon, meaning: (t) => (vectors[t] ? Float32Array.from(vectors[t]) : undefined) };
    const notes = vocabulary('The comet was discovered in 1910. Protestant churches of the north.');
    const [discovery = ''] = analyze('discovery');
    expect((await stemVariants(notes, [discovery], new Map(), meaning)).get(discovery)).toEqual(analyze('discovered'));
    expect((await stemVariants(notes, ['protect'], new Map(), meaning)).size).toBe(0);
    // Without vectors to tell, the word is borrowed as before.
    expect((await stemVariants(notes, ['protect'], new Map(), lexicon)).get('protect')).toEqual(analyze('protestant'));
  });

  it('are left alone when nothing stands in for them', async () => {
    expect((await stemVariants(vocabulary('Cats sleep.'), ['brisket'], new Map(), lexicon)).size).toBe(0);
  });
});

describe('whether a passage answers', () => {
  it('is judged with a synonym searched for a missing word as a related word, and with its shortenings and forms as the word', () => {
    const wordnet: Lexicon = { ...lexicon, related: (t) => (t === 'alaska' ? [{ terms: ['ak'], weight: 1, source: 'wordnet' }] : t === 'invent' ? [{ terms: ['design'], weight: 1, source: 'wordnet' }] : []) };
    const searched = new Map([['alaska', ['ak']], ['invent', ['design', 'invention']]]);
    expect(formVariants(searched, wordnet)).toEqual(new Map([['alaska', ['ak']], ['invent', ['invention']]]));
  });
});

describe('words the index holds', () => {
  const shortened: Lexicon = { ...lexicon, related: (t) => (t === 'hawaii' ? [{ terms: ['hi'], weight: 1, source: 'wordnet' }, { terms: ['haw'], weight: 1, source: 'wordnet' }, { terms: ['aloha'], weight: 1, source: 'wordnet' }] : []) };

  it('are looked up under their indexed shortenings too: a table writes HI where a note says Hawaii', async () => {
    const base = vocabulary('state: HI; state: AK. We flew to Hawaii in June. Aloha!');
    expect((await stemVariants(base, ['hawaii'], new Map([['hawaii', 1]]), shortened)).get('hawaii')).toEqual(['hi']);
  });

  it('borrow no other synonyms: those stand in only for a word the index lacks', async () => {
    const base = vocabulary('We flew to Hawaii in June. Aloha!');
    expect((await stemVariants(base, ['hawaii'], new Map([['hawaii', 1]]), shortened)).size).toBe(0);
  });
});

describe('compounds', () => {
  const [payday = ''] = analyze('payday');
  const notes = 'We are paid on the last day of the month; pay rises in May.';

  it('are split into two words the index holds when written as one', async () => {
    const df = new Map<string, number>();
    const parts = await compoundParts(vocabulary(notes), [payday], df, new Map(), null);
    expect(parts.get(payday)?.sort()).toEqual([...analyze('pay'), ...analyze('day')].sort());
    // Their chunk counts are recorded, so the search can use them.
    expect([...df.keys()].sort()).toEqual([...analyze('pay'), ...analyze('day')].sort());
  });

  it('are split though general English knows them whole when they are a kind of their last word (a payday is a day)', async () => {
    const wordnet: Lexicon = { ...lexicon, prior: (t) => (t === payday ? 0.7 : undefined), related: (t) => (t === payday ? [{ terms: analyze('day'), weight: 0.5, source: 'wordnet' }] : []) };
    expect((await compoundParts(vocabulary(notes), [payday], new Map(), new Map(), wordnet)).has(payday)).toBe(true);
  });

  it('are not made of words general English knows whole', async () => {
    const known: Lexicon = { ...lexicon, prior: (t) => (t === 'carpet' ? 0.5 : undefined), related: (t) => (t === 'carpet' ? [{ terms: ['rug'], weight: 1, source: 'wordnet' }] : []) };
    expect((await compoundParts(vocabulary('The car and the pet.'), ['carpet'], new Map(), new Map(), known)).size).toBe(0);
  });

  it('cover a question only where both their words are: "day" alone is no payday', async () => {
    const parts = await compoundParts(vocabulary(notes), [payday], new Map(), new Map(), null);
    const weights = termWeights([payday], 100, new Map(), { compounds: parts, relatedCredit: 0.7 });
    expect(share(analyze(notes), weights)).toBeCloseTo(0.7);
    expect(share(analyze('Bins go out the day before collection.'), weights)).toBe(0);
  });

  it('are not read as forms of their first word ("chainsaw" is not "chain")', async () => {
    const known: Lexicon = { ...lexicon, prior: (t) => ({ chain: 0.5, saw: 0.4, chainsaw: 0.8 })[t] };
    const notes = vocabulary('Clean and lube the chain every 150 miles; check the chainring.');
    expect((await stemVariants(notes, ['chainsaw'], new Map(), known)).size).toBe(0);
    // A stem the index holds in another form still finds it ("discoveri" against "discovered").
    expect((await stemVariants(vocabulary('Scheele discovered oxygen.'), analyze('discovery'), new Map(), known)).size).toBe(1);
  });

  it('do not stand in for a word that merely starts like them ("breakfast" is no form of "breakup")', async () => {
    const known: Lexicon = { ...lexicon, prior: (t) => ({ break: 0.3, fast: 0.3, breakfast: 0.5 })[t] };
    const notes = vocabulary('Breakfast is at eight. If a rule would break the game, ask.');
    expect((await stemVariants(notes, ['breakup'], new Map(), known)).get('breakup')).toEqual(['break']);
  });
});
