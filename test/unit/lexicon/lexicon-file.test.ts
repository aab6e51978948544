import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { openLexiconFile } from '../../../src/adapters/lexicon/lexicon-file';
import { analyze } from '../../../src/core/text/analyze';

const FILE = fileURLToPath(new URL('../../../resources/lexicon.json.gz', import.meta.url));
const lexicon = openLexiconFile(FILE);
const term = (word: string): string => analyze(word)[0]!;
const relatedTerms = (word: string): string[] => lexicon.related(term(word)).map((r) => r.terms.join(' '));

describe('the built lexicon (resources/lexicon.json.gz, made by npm install)', () => {
  it('exists: npm install or npm run build:lexicon made it', () => {
    expect(existsSync(FILE)).toBe(true);
  });

  it('rates common words as uninformative and rare ones as informative, 0..1', () => {
    const common = ['year', 'get', 'said', 'time'].map((w) => lexicon.prior(term(w))!);
    const rare = ['photosynthesis', 'sauerkraut', 'amortization'].map((w) => lexicon.prior(term(w))!);
    for (const p of [...common, ...rare]) {
      expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThanOrEqual(1);
    }
    expect(Math.max(...common)).toBeLessThan(0.35);
    expect(Math.min(...rare)).toBeGreaterThan(0.6);
    expect(lexicon.prior(term('deposit'))!).toBeGreaterThan(lexicon.prior(term('year'))!);
  });

  it('knows nothing of words outside general English, nor of object properties', () => {
    expect(lexicon.prior('qzxvlorptq')).toBeUndefined();
    expect(lexicon.related('qzxvlorptq')).toEqual([]);
    expect(lexicon.prior('__proto__')).toBeUndefined();
    expect(lexicon.related('__proto__')).toEqual([]);
  });

  it('knows the two-word lemmas of general English, in their order', () => {
    expect(lexicon.isPhrase(term('black'), term('hole'))).toBe(true);
    expect(lexicon.isPhrase(term('time'), term('signature'))).toBe(true);
    expect(lexicon.isPhrase(term('hole'), term('black'))).toBe(false);
    expect(lexicon.isPhrase(term('deposit'), term('back'))).toBe(false);
  });

  it('maps a US state to its postal code through WordNet ("Which airports are in Alaska?" over a column of AK)', () => {
    const alaska = lexicon.related(term('Alaska'));
    expect(alaska).toContainEqual({ terms: ['ak'], weight: 1, source: 'wordnet' });
    expect(relatedTerms('Texas')).toContain('tx');
  });

  it('relates everyday words to the words a document may use instead', () => {
    expect(relatedTerms('laptop')).toEqual(expect.arrayContaining([term('computer')]));
    expect(relatedTerms('kept')).toContain(term('keep'));
    expect(relatedTerms('doctor')).toContain(term('physician'));
    expect(relatedTerms('car')).toContain(term('automobile'));
  });

  it('lists related words best first, each once, with weights in 0..1, never the word itself', () => {
    for (const word of ['deposit', 'backup', 'refund', 'keep']) {
      const related = lexicon.related(term(word));
      expect(related.length).toBeGreaterThan(0);
      const keys = related.map((r) => r.terms.join(' '));
      expect(new Set(keys).size).toBe(keys.length);
      expect(keys).not.toContain(term(word));
      for (let i = 1; i < related.length; i++) expect(related[i]!.weight).toBeLessThanOrEqual(related[i - 1]!.weight);
      for (const r of related) {
        expect(r.weight).toBeGreaterThan(0);
        expect(r.weight).toBeLessThanOrEqual(1);
      }
    }
  });

  it('gives words of like meaning close vectors, and a common word a short one', () => {
    const v = (word: string): Float32Array => lexicon.meaning(term(word))!;
    const dot = (a: Float32Array, b: Float32Array): number => a.reduce((sum, x, i) => sum + x * b[i]!, 0);
    const length = (a: Float32Array): number => Math.sqrt(dot(a, a));
    const cos = (a: Float32Array, b: Float32Array): number => dot(a, b) / (length(a) * length(b));
    expect(cos(v('doctor'), v('physician'))).toBeGreaterThan(cos(v('doctor'), v('guitar')) + 0.3);
    expect(cos(v('rent'), v('lease'))).toBeGreaterThan(cos(v('rent'), v('volcano')) + 0.3);
    expect(length(v('year'))).toBeLessThan(length(v('dermatologist')) / 2);
    expect(lexicon.meaning('qzxvlorptq')).toBeUndefined();
    expect(lexicon.meaning('__proto__')).toBeUndefined();
  });

  it('keeps phrase synonyms whole, as analysed terms', () => {
    expect(lexicon.related(term('Alaska'))).toContainEqual(expect.objectContaining({ terms: analyze('Last Frontier') }));
  });
});

describe('a missing lexicon file', () => {
  it('is the empty lexicon, with one warning', () => {
    const warn = vi.fn();
    const missing = openLexiconFile(fileURLToPath(new URL('./no-such-lexicon.json.gz', import.meta.url)), { warn });
    expect(missing.prior('year')).toBeUndefined();
    expect(missing.related('alaska')).toEqual([]);
    expect(missing.related('car')).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/missing/);
  });
});

describe('a preloaded lexicon (the server reads it at start)', () => {
  it('is read before the first question: it answers even once its file is gone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kb-lexicon-'));
    try {
      const copy = join(dir, 'lexicon.json.gz');
      copyFileSync(FILE, copy);
      const warn = vi.fn();
      const preloaded = openLexiconFile(copy, { warn, preload: true });
      await preloaded.ready?.();
      rmSync(copy);
      expect(preloaded.prior(term('year'))).toBeLessThan(0.35);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
