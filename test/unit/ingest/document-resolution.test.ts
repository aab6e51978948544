import { describe, expect, it } from 'vitest';
import { extractSync } from '../../../src/core/extract/builtin-extractor';
import { ALIAS_PREDICATE } from '../../../src/core/extract/aliases';
import { DocumentResolver } from '../../../src/core/ingest/document-resolution';
import type { ChunkWrite } from '../../../src/core/ports';

function chunkWrite(text: string, ordinal: number, extracted = extractSync(text)): ChunkWrite {
  return {
    chunk: { id: `chk_${ordinal}`, documentId: 'doc_1', ordinal, text, start: 0, end: text.length, page: null, section: null, row: null },
    vector: null,
    terms: [],
    ...extracted,
  };
}

/** One document, chunk by chunk through the built-in extractor and the resolver, as ingest runs them. */
function resolveDocument(chunks: string[]): ChunkWrite[] {
  const resolver = new DocumentResolver();
  const writes = chunks.map((text, i) => chunkWrite(text, i));
  // Two batches, so state carried from one batch to the next is exercised too.
  resolver.resolveBatch(writes.slice(0, 1));
  resolver.resolveBatch(writes.slice(1));
  return writes;
}

const keys = (w: ChunkWrite | undefined): string[] => (w?.entities ?? []).map((e) => e.key);
const subjects = (w: ChunkWrite | undefined): string[] => (w?.facts ?? []).map((f) => f.subjectKey);
const claims = (writes: ChunkWrite[]) => writes.flatMap((w) => w.aliases ?? []);

describe('document resolution: merges that must happen', () => {
  it('joins a lone surname in a later chunk to the one person the document named in full', () => {
    const [, later] = resolveDocument(['Marie Curie was born in Warsaw.', 'Curie discovered radium in 1898.']);
    expect(keys(later)).toContain('marie curie');
    expect(keys(later)).not.toContain('curie');
    expect(subjects(later)).toContain('marie curie');
    expect(later?.entities.find((e) => e.key === 'marie curie')?.name).toBe('Marie Curie');
    expect(later?.aliases).toEqual([{ key: 'curie', alias: 'Curie', targetKey: 'marie curie', reason: 'surname' }]);
  });

  it('joins a title and surname ("Dr. Curie", "Mrs Curie", "Mr. Smith", "President Lincoln") and records the title as the reason', () => {
    const writes = resolveDocument([
      'Marie Curie was a physicist. John Smith was a chemist. Abraham Lincoln was born in Kentucky.',
      'Mrs Curie thanked Mr. Smith in Paris.',
      'Dr. Curie taught physics. President Lincoln spoke at Gettysburg.',
    ]);
    for (const w of writes.slice(1)) expect(keys(w).filter((k) => ['curie', 'smith', 'lincoln'].includes(k))).toEqual([]);
    expect(keys(writes[1])).toEqual(expect.arrayContaining(['marie curie', 'john smith']));
    expect(keys(writes[2])).toEqual(expect.arrayContaining(['marie curie', 'abraham lincoln']));
    expect(claims(writes).map((c) => [c.key, c.targetKey, c.reason])).toEqual([
      ['curie', 'marie curie', 'title'],
      ['smith', 'john smith', 'title'],
      ['lincoln', 'abraham lincoln', 'title'],
    ]);
  });

  it("joins a possessive surname (\"Curie's\")", () => {
    const [, later] = resolveDocument(['Marie Curie was born in Warsaw.', "Curie's notebooks are still radioactive."]);
    expect(keys(later)).toEqual(['marie curie']);
  });

  it('resolves a bare acronym later in the document to the name it defined', () => {
    const writes = resolveDocument(['International Business Machines (IBM) was founded in 1911 in Armonk.', 'IBM sold computers to banks.']);
    expect(claims(writes)).toEqual([{ key: 'ibm', alias: 'IBM', targetKey: 'international business machines', reason: 'acronym' }]);
    expect(keys(writes[1])).toContain('international business machines');
    expect(keys(writes[1])).not.toContain('ibm');
    expect(subjects(writes[1])).toEqual(['international business machines']);
    // "IBM" says it is an organization; the full name takes that type.
    expect(writes[1]?.entities.find((e) => e.key === 'international business machines')?.type).toBe('organization');
  });
});

describe('document resolution: merges that must not happen', () => {
  it('keeps a lone "Curie" apart once the document has named two Curies', () => {
    const writes = resolveDocument(['Marie Curie married Pierre Curie in 1895.', 'Curie discovered radium in 1898.']);
    expect(keys(writes[1])).toContain('curie');
    expect(keys(writes[1])).not.toContain('marie curie');
    expect(keys(writes[1])).not.toContain('pierre curie');
    expect(claims(writes)).toEqual([]);
  });

  it('decides with what the document has said so far: a surname before the full name stays, and after a second full name it stops joining', () => {
    const writes = resolveDocument([
      'Curie discovered radium in 1898.',
      'Marie Curie was born in Warsaw.',
      'Curie won the Nobel Prize.',
      'Pierre Curie taught in Paris.',
      'Curie died in 1934.',
    ]);
    expect(keys(writes[0])).toContain('curie');
    expect(keys(writes[2])).toContain('marie curie');
    expect(keys(writes[4])).toContain('curie');
  });

  it('does not join a surname in another document', () => {
    resolveDocument(['Marie Curie was born in Warsaw.']);
    const [other] = resolveDocument(['Curie discovered radium in 1898.']);
    expect(keys(other)).toContain('curie');
    expect(claims([other!])).toEqual([]);
  });

  it('does not take a place or an organization for a surname', () => {
    const washington = resolveDocument(['George Washington was born in Virginia.', 'Washington is a city on the Potomac River.']);
    expect(keys(washington[1])).toContain('washington');
    // The extractor leaves the lone "Jordan" untyped; the sentence calling it a country keeps it apart.
    const jordan = resolveDocument(['Michael Jordan played basketball in Chicago.', 'Jordan is a country in the Middle East. Jordan borders Israel.']);
    expect(keys(jordan[1])).toContain('jordan');
    expect(keys(jordan[1])).not.toContain('michael jordan');
    expect(claims([...washington, ...jordan])).toEqual([]);
  });

  it('does not join an acronym that does not abbreviate the name', () => {
    const extracted = resolveDocument(['International Business Machines (NASA) sold computers.', 'NASA launched rockets.']);
    expect(keys(extracted[1])).toContain('nasa');
    // Even when an extractor (a model, say) states the alias, the resolver checks it.
    const resolver = new DocumentResolver();
    const first = chunkWrite('International Business Machines sold computers.', 0);
    first.facts.push({ subjectKey: 'international business machines', predicate: ALIAS_PREDICATE, kind: 'attribute', objectKey: null, value: 'NASA', confidence: 0.9, sentence: { start: 0, end: 10 } });
    const second = chunkWrite('NASA launched rockets.', 1);
    resolver.resolveBatch([first, second]);
    expect(keys(second)).toContain('nasa');
    expect(claims([...extracted, first, second])).toEqual([]);
  });

  it('leaves a bare acronym alone when the document defines it for two names', () => {
    const writes = resolveDocument([
      'International Business Machines (IBM) sold computers.',
      'The Institute of Biological Medicine (IBM) studied cells.',
      'IBM opened a laboratory.',
    ]);
    expect(keys(writes[2])).toContain('ibm');
  });
});
