import { describe, expect, it } from 'vitest';
import { KnowledgeGraph } from '../../../src/core/graph/knowledge-graph';
import type { StoredEntity } from '../../../src/core/model';
import { initialsOf, readInitialisms, type InitialismSources } from '../../../src/core/retrieval/question-initialisms';

const entity = (id: string, name: string): StoredEntity => ({ id, key: name.toLowerCase(), name, type: 'place' });

/** A shop's notes: Harbour Lane in a third of the passages, Hope Lodge in one; the index writes only the terms `held` gives. */
function notes(held: Record<string, number> = {}): InitialismSources {
  const graph = new KnowledgeGraph();
  graph.add([entity('e1', 'Harbour Lane'), entity('e2', 'Mill Street'), entity('e3', 'Health and Safety Executive'), entity('e4', 'Hope Lodge'), entity('e5', 'Lowbury'), entity('e6', 'Rose Garden'), entity('e7', 'Park Road'), entity('e8', 'Pine Row')], []);
  const mentions: Record<string, number> = { e1: 40, e2: 30, e3: 4, e4: 1, e5: 12, e6: 1, e7: 5, e8: 5 };
  return {
    graph: graph.view,
    docFrequency: async (terms) => new Map(terms.map((t) => [t, held[t] ?? 0])),
    mentionCounts: async (ids) => ({ counts: new Map(ids.map((id) => [id, mentions[id] ?? 0])) }),
  };
}

describe('abbreviations of names', () => {
  it('takes the first letter of each capitalised word of a name of several words', () => {
    expect(initialsOf('Harbour Lane')).toBe('HL');
    expect(initialsOf('Health and Safety Executive')).toBe('HSE');
    expect(initialsOf('Jung Eun-ji')).toBe('JE');
    expect(initialsOf('Lowbury')).toBe('');
  });

  it('reads an abbreviation the knowledge base never writes as the name it spells that the most passages mention', async () => {
    expect(await readInitialisms('Was there a problem with the HL freezer?', notes())).toBe('Was there a problem with the Harbour Lane freezer?');
    expect(await readInitialisms('Did MS and HSE inspect it? At HL.', notes())).toBe('Did Mill Street and Health and Safety Executive inspect it? At Harbour Lane.');
  });

  it('leaves an abbreviation the knowledge base writes, one that spells no name it knows, codes and lower-case words', async () => {
    expect(await readInitialisms('Is HL open?', notes({ hl: 3 }))).toBe('Is HL open?');
    expect(await readInitialisms('What is the SSP rate?', notes())).toBe('What is the SSP rate?');
    expect(await readInitialisms('is hl open?', notes())).toBe('is hl open?');
    // A name one passage mentions, and two names as often mentioned as each other, are no reading.
    expect(await readInitialisms('Is the RG open? Or PR?', notes())).toBe('Is the RG open? Or PR?');
    expect(await readInitialisms('Who flew on HL-206, and is HL+ or R&HL sold?', notes())).toBe('Who flew on HL-206, and is HL+ or R&HL sold?');
  });

  it('reads nothing in a question typed in capitals, whose "MS" is a word like the rest', async () => {
    expect(await readInitialisms('WHAT TIME DOES THE MS SHOP OPEN?', notes())).toBe('WHAT TIME DOES THE MS SHOP OPEN?');
    expect(await readInitialisms('IS MS OPEN', notes())).toBe('IS MS OPEN');
  });
});
