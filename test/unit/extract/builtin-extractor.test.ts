import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createBuiltinExtractor } from '../../../src/core/extract/builtin-extractor';
import { entityKey } from '../../../src/core/extract/entity-key';
import { singularGuesses } from '../../../src/core/extract/plural-nouns';
import { ENTITY_TYPES } from '../../../src/core/extract/types';
import type { ExtractedEntity, ExtractedFact, ExtractionResult } from '../../../src/core/extract/types';

const extractor = createBuiltinExtractor();
const extract = (text: string): Promise<ExtractionResult> => extractor.extract(text);

const XQUAD = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/data/qa/xquad/xquad.en.json');

function entity(result: ExtractionResult, name: string): ExtractedEntity | undefined {
  return result.entities.find((e) => e.key === entityKey(name));
}

function relation(result: ExtractionResult, subject: string, predicate: string, object: string): ExtractedFact | undefined {
  return result.facts.find(
    (f) =>
      f.kind === 'relationship' &&
      f.subjectKey === entityKey(subject) &&
      f.predicate === predicate &&
      f.objectKey === entityKey(object),
  );
}

function attribute(result: ExtractionResult, subject: string, predicate: string, value: string): ExtractedFact | undefined {
  return result.facts.find(
    (f) => f.kind === 'attribute' && f.subjectKey === entityKey(subject) && f.predicate === predicate && f.value === value,
  );
}

/** Properties every result must have, whatever the input. */
function expectWellFormed(text: string, result: ExtractionResult): void {
  const keys = new Set(result.entities.map((e) => e.key));
  expect(keys.size).toBe(result.entities.length);
  for (const e of result.entities) {
    expect(ENTITY_TYPES).toContain(e.type);
    expect(e.mentions.length).toBeGreaterThan(0);
    for (const m of e.mentions) {
      expect(m.start).toBeGreaterThanOrEqual(0);
      expect(m.end).toBeGreaterThan(m.start);
      expect(m.end).toBeLessThanOrEqual(text.length);
    }
  }
  const seen = new Set<string>();
  for (const f of result.facts) {
    expect(keys.has(f.subjectKey)).toBe(true);
    if (f.kind === 'relationship') {
      expect(f.objectKey).not.toBeNull();
      expect(keys.has(f.objectKey ?? '')).toBe(true);
      expect(f.objectKey).not.toBe(f.subjectKey);
    } else {
      expect(f.value?.trim()).toBeTruthy();
    }
    expect(f.confidence).toBeGreaterThan(0);
    expect(f.confidence).toBeLessThanOrEqual(1);
    expect(f.sentence.start).toBeGreaterThanOrEqual(0);
    expect(f.sentence.end).toBeGreaterThan(f.sentence.start);
    expect(f.sentence.end).toBeLessThanOrEqual(text.length);
    const id = [f.subjectKey, f.predicate, f.kind, f.objectKey, f.value].join('|');
    expect(seen.has(id)).toBe(false);
    seen.add(id);
  }
}

describe('builtin extractor', () => {
  it('identifies itself', () => {
    expect(extractor.id).toBe('builtin-wink-1');
  });

  it('finds who founded what, and when', async () => {
    const text = 'Steve Jobs founded Apple in 1976.';
    const r = await extract(text);
    expectWellFormed(text, r);

    const jobs = entity(r, 'Steve Jobs');
    const apple = entity(r, 'Apple');
    expect(jobs?.type).toBe('person');
    expect(apple?.type).toBe('organization');
    expect(entity(r, '1976')?.type).toBe('date');
    for (const e of [jobs, apple]) {
      for (const m of e?.mentions ?? []) expect(text.slice(m.start, m.end)).toBe(e?.name);
    }

    const founded = relation(r, 'Steve Jobs', 'founded', 'Apple');
    expect(founded?.confidence).toBeGreaterThanOrEqual(0.7);
    expect(founded?.confidence).toBeLessThanOrEqual(0.9);
    expect(founded?.sentence).toEqual({ start: 0, end: text.length });
    // A date after the object describes the founding of the object.
    expect(attribute(r, 'Apple', 'founded in', '1976')).toBeDefined();
  });

  it('reads the passive voice as the same fact', async () => {
    const active = await extract('Steve Jobs founded Apple in 1976.');
    const passive = await extract('Apple was founded by Steve Jobs in 1976.');
    expect(relation(passive, 'Steve Jobs', 'founded', 'Apple')).toBeDefined();
    expect(attribute(passive, 'Apple', 'founded in', '1976')).toBeDefined();
    const triples = (r: ExtractionResult): string[] =>
      r.facts.map((f) => `${f.subjectKey}|${f.predicate}|${f.objectKey ?? ''}|${f.value ?? ''}`).sort();
    expect(triples(passive)).toEqual(triples(active));
  });

  it('turns an acronym in brackets into an alias of the same entity', async () => {
    const text =
      'International Business Machines (IBM) is an American technology company. IBM was founded in 1911 in Endicott, New York.';
    const r = await extract(text);
    expectWellFormed(text, r);

    const ibm = entity(r, 'International Business Machines');
    expect(ibm?.type).toBe('organization');
    expect(r.entities.find((e) => e.key === 'ibm')).toBeUndefined();
    const surfaces = (ibm?.mentions ?? []).map((m) => text.slice(m.start, m.end));
    expect(surfaces).toEqual(['International Business Machines', 'IBM', 'IBM']);

    expect(attribute(r, 'International Business Machines', 'also known as', 'IBM')?.confidence).toBeGreaterThanOrEqual(0.8);
    expect(attribute(r, 'International Business Machines', 'is a', 'American technology company')).toBeDefined();
    expect(attribute(r, 'International Business Machines', 'founded in', '1911')).toBeDefined();
  });

  it('keeps people who share a surname apart', async () => {
    const text = 'Marie Curie and Pierre Curie shared the Nobel Prize in Physics. Pierre Curie died in 1906.';
    const r = await extract(text);
    expectWellFormed(text, r);
    const marie = entity(r, 'Marie Curie');
    const pierre = entity(r, 'Pierre Curie');
    expect(marie?.key).toBe('marie curie');
    expect(pierre?.key).toBe('pierre curie');
    expect(pierre?.mentions).toHaveLength(2);
    expect(attribute(r, 'Pierre Curie', 'died in', '1906')).toBeDefined();
  });

  it('reads a person "of" a firm as two names, and keeps names that hold "of" whole', async () => {
    const text = 'He met John Smith of Microsoft and Jane Doe of the University of Oxford. Adam Duritz of Counting Crows signed them. She worked for the Bank of America and met Mary Queen of Scots.';
    const r = await extract(text);
    expectWellFormed(text, r);
    for (const name of ['John Smith', 'Microsoft', 'Jane Doe', 'University of Oxford', 'Adam Duritz', 'Bank of America', 'Mary Queen of Scots']) expect(entity(r, name), name).toBeDefined();
    expect(entity(r, 'John Smith of Microsoft')).toBeUndefined();
    expect(entity(r, 'Adam Duritz of Counting Crows')).toBeUndefined();
  });

  it('keeps a given name’s small syllable after a hyphen, and leaves a word after a hyphen out', async () => {
    const text = 'Jung Eun-ji sang with Lee Myung-bak. The United States-led coalition met in Seoul.';
    const r = await extract(text);
    expectWellFormed(text, r);
    for (const name of ['Jung Eun-ji', 'Lee Myung-bak', 'United States']) expect(entity(r, name), name).toBeDefined();
    expect(entity(r, 'Jung Eun')).toBeUndefined();
  });

  it('reads no name into the everyday words that open a list item, a table cell or a label', async () => {
    const text = [
      '# Cleaning',
      '',
      'Owner: Priya Shah. Chemicals live at Mill Street.',
      '',
      '| Product | What for | Notes |',
      '|---|---|---|',
      '| Sanitex D10 | Food-contact surfaces | Make fresh daily |',
      '| Brite Descaler | Kettles, dishwasher | NOT for the oven |',
      '',
      '- Clean and sanitise chopping boards',
      '- Espresso machine backflush at close',
      '',
      'ESPRESSO MACHINE - CARE NOTES. NASA sent a card.',
    ].join('\n');
    const r = await extract(text);
    expectWellFormed(text, r);
    for (const name of ['Priya Shah', 'Mill Street', 'Sanitex D10', 'Brite Descaler', 'NASA']) expect(entity(r, name), name).toBeDefined();
    for (const word of ['Owner', 'Product', 'Notes', 'Kettles', 'Clean', 'Espresso', 'ESPRESSO MACHINE', 'CARE NOTES']) expect(entity(r, word), word).toBeUndefined();
  });

  it('joins a lone surname to the one full name in the chunk', async () => {
    const text = 'Thomas Davis was selected to the Pro Bowl. Davis compiled 5 sacks in 2015.';
    const r = await extract(text);
    expectWellFormed(text, r);
    const davis = entity(r, 'Thomas Davis');
    expect(davis?.mentions.map((m) => text.slice(m.start, m.end))).toEqual(['Thomas Davis', 'Davis']);
    expect(attribute(r, 'Thomas Davis', 'compiled', '5 sacks')).toBeDefined();
  });

  it('reads birth, place and apposition from a biography sentence', async () => {
    const text = 'Marie Curie was born in 1867 in Warsaw, the capital of Poland.';
    const r = await extract(text);
    expectWellFormed(text, r);
    expect(entity(r, 'Marie Curie')?.type).toBe('person');
    expect(entity(r, 'Warsaw')?.type).toBe('place');
    expect(attribute(r, 'Marie Curie', 'born in', '1867')).toBeDefined();
    expect(relation(r, 'Marie Curie', 'born in', 'Warsaw')).toBeDefined();
    expect(relation(r, 'Warsaw', 'is capital of', 'Poland')).toBeDefined();
  });

  it('reads copulas and measurements', async () => {
    const text =
      'Paris is the capital of France. The Vistula is 1,047 km long. Warsaw has a population of 1.8 million. ' +
      'The capital of Germany is Berlin.';
    const r = await extract(text);
    expectWellFormed(text, r);
    expect(relation(r, 'Paris', 'is capital of', 'France')?.confidence).toBeGreaterThanOrEqual(0.7);
    expect(attribute(r, 'Vistula', 'length', '1,047 km')).toBeDefined();
    expect(attribute(r, 'Warsaw', 'population', '1.8 million')).toBeDefined();
    expect(relation(r, 'Berlin', 'is capital of', 'Germany')).toBeDefined();
  });

  it('turns the object of a verb into a concept only when it takes part in a fact', async () => {
    const text = 'Marie Curie discovered polonium in 1898. The weather was cold.';
    const r = await extract(text);
    expectWellFormed(text, r);
    expect(entity(r, 'polonium')?.type).toBe('concept');
    expect(relation(r, 'Marie Curie', 'discovered', 'polonium')).toBeDefined();
    expect(entity(r, 'weather')).toBeUndefined();
  });

  it('states nothing that the sentence denies', async () => {
    const r = await extract('Steve Jobs did not found Microsoft.');
    expect(r.facts).toEqual([]);
  });

  it('links no names that no pattern connects', async () => {
    const text = 'Teams from Tokyo, Osaka and Nagoya.';
    const r = await extract(text);
    expectWellFormed(text, r);
    expect(['Tokyo', 'Osaka', 'Nagoya'].every((name) => entity(r, name))).toBe(true);
    expect(r.facts.filter((f) => f.kind === 'relationship')).toEqual([]);
  });

  it('types entities from honorifics, name words and quotes', async () => {
    const text =
      'Mr. J. R. R. Tolkien wrote "The Hobbit" in 1937. Acme Corporation built a dam on the Mississippi River. ' +
      'The book Dune was written by Frank Herbert.';
    const r = await extract(text);
    expectWellFormed(text, r);
    expect(entity(r, 'J. R. R. Tolkien')?.type).toBe('person');
    expect(entity(r, 'The Hobbit')?.type).toBe('work');
    expect(entity(r, 'Acme Corporation')?.type).toBe('organization');
    expect(entity(r, 'Mississippi River')?.type).toBe('place');
    expect(entity(r, 'Dune')?.type).toBe('work');
    expect(relation(r, 'J. R. R. Tolkien', 'wrote', 'The Hobbit')).toBeDefined();
    // Irregular verbs agree across voice too: "wrote" / "was written by".
    expect(relation(r, 'Frank Herbert', 'wrote', 'Dune')).toBeDefined();
  });

  it('reports each fact once per chunk', async () => {
    const sentence = 'Steve Jobs founded Apple in 1976. ';
    const r = await extract(sentence.repeat(3));
    expectWellFormed(sentence.repeat(3), r);
    expect(r.facts.filter((f) => f.predicate === 'founded')).toHaveLength(1);
    expect(entity(r, 'Steve Jobs')?.mentions).toHaveLength(3);
  });

  it.skipIf(!existsSync(XQUAD))('extracts entities and facts from a real 20-sentence article', async () => {
    const json = JSON.parse(readFileSync(XQUAD, 'utf8')) as {
      data: Array<{ title: string; paragraphs: Array<{ context: string }> }>;
    };
    const article = json.data.find((a) => a.title === 'Super_Bowl_50');
    const text = (article?.paragraphs ?? []).map((p) => p.context).join('\n\n');
    expect(text.length).toBeGreaterThan(2000);

    const r = await extract(text);
    expectWellFormed(text, r);
    const named = r.entities.filter((e) => !['date', 'quantity', 'concept'].includes(e.type));
    expect(named.length).toBeGreaterThanOrEqual(15);
    expect(r.facts.length).toBeGreaterThanOrEqual(10);
    expect(relation(r, 'Broncos', 'defeated', 'Pittsburgh Steelers')).toBeDefined();

    // Every mention is the entity's own name, its alias, or (joined surnames) the end of it.
    const aliases = new Set(r.facts.filter((f) => f.predicate === 'also known as').map((f) => f.value));
    for (const e of r.entities) {
      for (const m of e.mentions) {
        const surface = text.slice(m.start, m.end);
        const k = entityKey(surface);
        // A plural concept is filed under its singular ("steam engines" → steam engine).
        const last = k.slice(k.lastIndexOf(' ') + 1);
        const singular = e.type === 'concept' && singularGuesses(last).some((s) => k.slice(0, k.length - last.length) + s === e.key);
        expect(k === e.key || e.key.endsWith(` ${k}`) || aliases.has(surface) || singular).toBe(true);
      }
    }
    // Every fact points at a whole sentence of the text.
    for (const f of r.facts) {
      const sentence = text.slice(f.sentence.start, f.sentence.end);
      expect(sentence).toBe(sentence.trim());
      expect(sentence.length).toBeGreaterThan(10);
    }
  });

  describe('never throws on odd input', () => {
    const hostile: Array<[string, string]> = [
      ['empty', ''],
      ['whitespace', ' \n\t '],
      ['only punctuation', '!!! ??? ... ,,, ;;; ---'],
      ['CJK', '東京は日本の首都です。北京是中国的首都。'],
      ['Cyrillic', 'Москва — столица России. Пётр Первый основал Санкт-Петербург.'],
      ['100 KB of one word', 'a'.repeat(100_000)],
      ['a long hyphen chain', 'ab-'.repeat(5000)],
      ['code', 'export function f(a: number) { return a?.b ?? [1, 2, 3].map((x) => x * 2); } // TODO(Jobs)'],
      ['pipe table', '| Name | Founded |\n|------|---------|\n| Apple | 1976 |\n| IBM (International) | 1911 |'],
      ['lone surrogates and control characters', '\u0000\u0001\uD800 \uDFFF Apple\u0007 \uFFFF'],
      ['emoji', '🚀 Apple 🍎 founded by Steve 👨‍💻 Jobs in 1976 🎉'],
      ['brackets and quotes without ends', '((( """ Paris ( IBM "The ) ] } ’s \' ”'],
      ['one long sentence', 'Paris and London and Berlin and Rome '.repeat(2000)],
      ['numbers only', '1 2 3 1976 1,000,000 $5 20% 3.14 1st 2nd 1990s'],
    ];
    for (const [name, text] of hostile) {
      it(name, async () => {
        const started = performance.now();
        const r = await extract(text);
        expect(performance.now() - started).toBeLessThan(5000);
        expect(Array.isArray(r.entities)).toBe(true);
        expect(Array.isArray(r.facts)).toBe(true);
        expectWellFormed(text, r);
      });
    }

    it('returns empty results where there is nothing to find', async () => {
      for (const text of ['', '   ', '!!! ???', 'a'.repeat(100_000)]) {
        expect(await extract(text)).toEqual({ entities: [], facts: [] });
      }
    });

    it('does not throw when given something that is not a string', async () => {
      const notText = 42 as unknown as string;
      await expect(extract(notText)).resolves.toEqual({ entities: [], facts: [] });
    });
  });
});
