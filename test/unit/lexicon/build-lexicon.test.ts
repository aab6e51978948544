import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeRelated, encodeRelated, phraseKey } from '../../../src/adapters/lexicon/lexicon-format';
import { analyze } from '../../../src/core/text/analyze';
import { readEmbeddingWords } from '../../../scripts/lexicon/embeddings-reader';
import { clusteredNeighbours, nearestNeighbours, normaliseRows, termNeighbours } from '../../../scripts/lexicon/vector-neighbours';
import { parseDataLine, parseSenseCounts, wordnetRelations, type Synset } from '../../../scripts/lexicon/wordnet-relations';
import { withoutCommonDirections } from '../../../scripts/lexicon/term-meanings';
import { harmonic, zipfPriors } from '../../../scripts/lexicon/zipf-prior';

describe('Zipf prior', () => {
  const words = ['the', 'year', 'cat', 'cats', 'dog', 'zebra'];
  const priors = zipfPriors(words, analyze, { vocabularySize: 1000, passageTokens: 200 });

  it('rises with rank, within 0..1, and leaves out stopwords', () => {
    expect(priors.has('the')).toBe(false);
    expect(priors.get('year')!).toBeLessThan(priors.get('dog')!);
    expect(priors.get('dog')!).toBeLessThan(priors.get('zebra')!);
    for (const p of priors.values()) {
      expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThanOrEqual(1);
    }
  });

  it('pools the words of one term ("cat" and "cats"), making it commoner than either word alone', () => {
    const options = { vocabularySize: 1000, passageTokens: 1 };
    const pooled = zipfPriors(['the', 'year', 'cat', 'cats'], analyze, options);
    const alone = zipfPriors(['the', 'year', 'cat'], analyze, options);
    expect(pooled.get('cat')!).toBeLessThan(alone.get('cat')!);
  });

  it('normalises by the harmonic number of the vocabulary', () => {
    expect(harmonic(4)).toBeCloseTo(1 + 1 / 2 + 1 / 3 + 1 / 4, 12);
    expect(harmonic(5000)).toBeCloseTo([...Array(5000).keys()].reduce((s, i) => s + 1 / (i + 1), 0), 9);
  });
});

describe('WordNet relations', () => {
  // Hand-made lines in the data.* format: offset, file number, type, word count (hex), words with
  // lex ids, pointer count, pointers (symbol, offset, part of speech, source/target), gloss.
  const noun = [
    '  1 This is a licence header line',
    '09077478 15 n 03 Alaska 0 Last_Frontier 0 AK 0 001 @i 08673095 n 0000 | a state in northwestern North America',
    '08673095 15 n 02 American_state 0 state 0 000 | one of the states of the United States',
    '02958343 06 n 02 car 0 automobile 0 000 | a motor vehicle',
    '02960000 06 n 02 car 0 gondola 0 000 | the compartment suspended from an airship',
    '00000101 04 n 02 deposition 0 dethronement 0 000 | removal from office',
    '00000102 04 n 02 deposit 0 down_payment 0 000 | money paid in advance',
    '02735077 06 n 03 aquarium 0 fish_tank 0 marine_museum 0 001 @ 04546498 n 0000 | a tank for keeping fish',
    '04546498 06 n 02 tank 0 storage_tank 0 000 | a large container for liquids',
    '05216365 08 n 03 human_body 0 form 0 soma 0 000 | alternative names for the body',
    '05000001 10 n 01 form 0 000 | a document to fill in',
    '05000002 03 n 01 form 0 000 | a shape',
    '05000003 09 n 01 form 0 000 | a kind',
  ];
  const adverb = ['00085811 02 r 02 quickly 0 rapidly 0 001 \\ 00979366 a 0101 | with speed'];
  const adjective = ['00979366 00 a 01 quick 0 000 | moving fast'];
  const synsets = [
    ...noun.map((l) => parseDataLine(l, 'n')),
    ...adverb.map((l) => parseDataLine(l, 'r')),
    ...adjective.map((l) => parseDataLine(l, 'a')),
  ].filter((s): s is Synset => s !== null);
  const counts = parseSenseCounts(['car%1:06:00:: 02958343 1 9', 'car%1:06:01:: 02960000 2 0']);
  const relations = wordnetRelations(synsets, counts, {
    analyse: analyze,
    keep: () => true,
    commonness: () => 0,
    wordShare: (word) => (word === 'deposition' ? 0.25 : 1),
    minWeight: 0.05,
    maxPerTerm: 10,
  });
  const of = (word: string) => Object.fromEntries((relations.get(analyze(word)[0]!) ?? []).map((r) => [r.terms.join(' '), r.weight]));

  it('parses words, phrases and pointers and skips the licence header', () => {
    expect(synsets).toHaveLength(14);
    expect(synsets[0]).toMatchObject({ id: 'n09077478', words: ['Alaska', 'Last Frontier', 'AK'], pointers: [{ symbol: '@i', target: 'n08673095', sourceWord: 0, targetWord: 0 }] });
  });

  it("gives a synset's other lemmas as synonyms, phrases as all their terms, and noun hypernyms at half weight", () => {
    expect(of('Alaska')).toEqual({ ak: 1, 'last frontier': 1, 'american state': 0.5, state: 0.5 });
    expect(of('AK')).toMatchObject({ alaska: 1 });
  });

  it("weighs a word's rarely used senses down by WordNet's tagged counts", () => {
    expect(of('car')[analyze('automobile')[0]!]).toBe(1);
    expect(of('car')[analyze('gondola')[0]!]).toBeCloseTo(0.1, 5);
  });

  it('weighs the senses of a rarer word with the same stem down by its share ("deposition" beside "deposit")', () => {
    expect(of('deposit')).toEqual({ payment: 1, [analyze('dethronement')[0]!]: 0.25 });
  });

  it('follows lexical pointers (an adverb to its adjective)', () => {
    expect(of('quickly')).toMatchObject({ quick: 0.8, [analyze('rapidly')[0]!]: 1 });
  });

  it("gives a two-word lemma its synonyms under its phrase key, but not its hypernyms, nor a name's", () => {
    const fishTank = Object.fromEntries((relations.get(phraseKey('fish', 'tank')) ?? []).map((r) => [r.terms.join(' '), r.weight]));
    expect(fishTank).toEqual({ aquarium: 1, [analyze('marine museum').join(' ')]: 1 });
    // Nor a synonym with several other meanings: "form" is a document, a shape, a kind.
    expect((relations.get(phraseKey(...(analyze('human body') as [string, string]))) ?? []).map((r) => r.terms.join(' '))).toEqual(['soma']);
    expect([...relations.keys()].filter((k) => k.includes('frontier') || k.includes('american'))).toEqual([]);
  });

  it('never makes an entry for a word of a phrase alone, nor relates a word to itself', () => {
    expect(relations.has('frontier')).toBe(false);
    for (const [key, entries] of relations) for (const e of entries) expect(e.terms).not.toContain(key);
  });
});

describe('term meanings', () => {
  it('removes what all vectors share, so that words on different subjects stop looking alike', () => {
    // Every word leans along the first axis and varies most along the next three, which say
    // nothing of its subject; its subject is the fifth (one sign for each of two subjects).
    let seed = 3;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) - 0.5;
    const dims = 8;
    const rows = 400;
    const m = new Float32Array(rows * dims);
    for (let r = 0; r < rows; r++) {
      m[r * dims] = 5;
      for (let d = 1; d <= 3; d++) m[r * dims + d] = random() * 3;
      m[r * dims + 4] = r % 2 === 0 ? 0.5 : -0.5;
      for (let d = 5; d < dims; d++) m[r * dims + d] = random() * 0.2;
    }
    const cos = (v: Float32Array, a: number, b: number): number => {
      const x = v.subarray(a * dims, (a + 1) * dims);
      const y = v.subarray(b * dims, (b + 1) * dims);
      return x.reduce((s, xi, i) => s + xi * y[i]!, 0) / Math.hypot(...x) / Math.hypot(...y);
    };
    const cleaned = withoutCommonDirections(m, dims);
    // Rows 0 and 2 share a subject, rows 0 and 1 do not: all alike before, told apart after.
    expect(cos(m, 0, 1)).toBeGreaterThan(0.8);
    expect(cos(cleaned, 0, 1)).toBeLessThan(-0.5);
    expect(cos(cleaned, 0, 2)).toBeGreaterThan(0.5);
    const mean = Array.from({ length: dims }, (_, d) => Array.from({ length: rows }, (__, r) => cleaned[r * dims + d]!).reduce((a, b) => a + b, 0) / rows);
    for (const v of mean) expect(Math.abs(v)).toBeLessThan(1e-4);
  });
});

describe('vector neighbours', () => {
  it('finds the nearest rows by cosine, best first, each pair scored for both rows', () => {
    const m = new Float32Array([1, 0, 0, 0.9, 0.1, 0, 0, 1, 0, 0, 0.8, 0.2, 0.1, 0, 1, 0.5, 0.5, 0]);
    normaliseRows(m, 3);
    const nb = nearestNeighbours(m, 3, 2);
    const row = (i: number) => Array.from(nb.index.subarray(i * 2, i * 2 + 2));
    expect(row(0)).toEqual([1, 5]);
    expect(row(2)).toEqual([3, 5]);
    expect(row(4)).toEqual([3, 0]);
    expect(nb.cosine[0]!).toBeGreaterThan(nb.cosine[1]!);
    expect(nb.cosine[0]!).toBeCloseTo(0.9 / Math.hypot(0.9, 0.1), 5);
  });

  it('finds by groups what the exact search finds when every group is searched, and most of it with a few', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) - 0.5;
    const dims = 8;
    const m = Float32Array.from({ length: 403 * dims }, random);
    normaliseRows(m, dims);
    const exact = nearestNeighbours(m, dims, 5);
    const all = clusteredNeighbours(m, dims, 403, 5, { clusters: 12, probes: 12, iterations: 3 });
    expect(Array.from(all.index)).toEqual(Array.from(exact.index));
    // Words past the candidates get neighbours among the candidates only.
    const some = clusteredNeighbours(m, dims, 300, 5, { clusters: 12, probes: 4, iterations: 3 });
    let found = 0;
    for (let q = 0; q < 403; q++) {
      const truth = new Set(Array.from(nearestNeighboursAmong(m, dims, q, 300, 5)));
      for (let s = 0; s < 5; s++) {
        expect(some.index[q * 5 + s]!).toBeLessThan(300);
        expect(some.index[q * 5 + s]!).not.toBe(q);
        if (truth.has(some.index[q * 5 + s]!)) found++;
      }
    }
    expect(found / (403 * 5)).toBeGreaterThan(0.6);
  });

  it('merges the words of a term, drops the term itself and weak neighbours', () => {
    const terms = ['laptop', 'laptop', 'comput', 'phone'];
    const nb = { k: 2, index: new Int32Array([1, 2, 0, 3, 0, 1, 2, -1]), cosine: new Float32Array([0.95, 0.7, 0.95, 0.6, 0.7, 0.5, 0.3, -Infinity]) };
    const merged = termNeighbours(terms, nb, { perTerm: 5, minCosine: 0.4 });
    expect(merged.get('laptop')!.map((e) => e.terms[0])).toEqual(['comput', 'phone']);
    expect(merged.has('phone')).toBe(false);
  });
});

function nearestNeighboursAmong(m: Float32Array, dims: number, q: number, candidates: number, k: number): number[] {
  const scored: [number, number][] = [];
  for (let j = 0; j < candidates; j++) {
    if (j === q) continue;
    let s = 0;
    for (let d = 0; d < dims; d++) s += m[q * dims + d]! * m[j * dims + d]!;
    scored.push([j, s]);
  }
  return scored.sort((a, b) => b[1] - a[1]).slice(0, k).map(([j]) => j);
}

describe('the embeddings reader', () => {
  it('reads the first ranks and their unit vectors without reading on, keys with escapes included', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kb-lexicon-'));
    try {
      const file = join(dir, 'vectors.json');
      const vectors = { the: [3, 4, 5, 0], '"': [0, 2, 2, 1], 'café': [1, 0, 1, 2] };
      writeFileSync(file, JSON.stringify({ precision: 8, l2NormIndex: 2, wordIndex: 3, size: 3, dimensions: 2, words: ['the', '"', 'café'], vectors }));
      const read = readEmbeddingWords(file, 3, 2);
      expect(read.words).toEqual(['the', '"', 'café']);
      expect(read.vocabulary).toEqual(['the', '"', 'café']);
      expect(Array.from(read.vectors)).toEqual([0.6, 0.8, 0, 1].map((x) => Math.fround(x)));
      expect(readEmbeddingWords(file, 1, 1).words).toEqual(['the']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the related-terms encoding', () => {
  it('round-trips words and phrases with weights to hundredths', () => {
    const entries = [
      { terms: ['ak'], weight: 1 },
      { terms: ['last', 'frontier'], weight: 0.5 },
      { terms: ['comput'], weight: 0.7912 },
    ];
    expect(decodeRelated(encodeRelated(entries))).toEqual([entries[0], entries[1], { terms: ['comput'], weight: 0.79 }]);
    expect(decodeRelated('')).toEqual([]);
  });
});
