import { describe, expect, it } from 'vitest';
import { extractSync } from '../../../src/core/extract/builtin-extractor';
import { entityKey } from '../../../src/core/extract/entity-key';
import type { ExtractionResult } from '../../../src/core/extract/types';

/** The facts of a text as "subject | predicate | object" lines, names as the text writes them. */
function lines(r: ExtractionResult): string[] {
  const names = new Map(r.entities.map((e) => [e.key, e.name]));
  return r.facts.map((f) => `${names.get(f.subjectKey)} | ${f.predicate} | ${f.objectKey === null ? f.value : names.get(f.objectKey)}`);
}

function typeOf(r: ExtractionResult, name: string): string | undefined {
  return r.entities.find((e) => e.key === entityKey(name))?.type;
}

describe('the built-in extractor reads the relations plain prose states', () => {
  it('gives a verb after "and" the subject of the clause before it', () => {
    const r = extractSync('The Grand Hotel is operated by Hilton Worldwide and is located in Lisbon.');
    expect(lines(r)).toEqual(expect.arrayContaining(['Hilton Worldwide | operated | Grand Hotel', 'Grand Hotel | located in | Lisbon']));
  });

  it('reads opening participles as said of the subject that follows them', () => {
    const r = extractSync('Born in Kraków on 3rd May 1901 and raised in Vienna, Karl Weiss was a chemist.');
    expect(lines(r)).toEqual(
      expect.arrayContaining(['Karl Weiss | born in | Kraków', 'Karl Weiss | born on | 3rd May 1901', 'Karl Weiss | raised in | Vienna', 'Karl Weiss | is a | chemist']),
    );
  });

  it('carries the subject into "Its …" and "It …" in the next sentences, and reads possessed measures', () => {
    const r = extractSync('Nordvik Airport serves Tromsø. Its runway length is 2,450 metres. It is operated by Avinor.');
    expect(lines(r)).toEqual(
      expect.arrayContaining(['Nordvik Airport | runway length | 2,450 metres', 'Avinor | operated | Nordvik Airport']),
    );
  });

  it('finds the subject of a name placed by "in", and states where it is', () => {
    const r = extractSync('The Corran Stadium in Aberdeen was designed by Ellen Marsh.');
    expect(lines(r)).toEqual(expect.arrayContaining(['Ellen Marsh | designed | Corran Stadium', 'Corran Stadium | located in | Aberdeen']));
    expect(lines(r)).not.toContain('Ellen Marsh | designed | Aberdeen');
  });

  it('resolves "his" to the person before, and reads the relation a role noun names', () => {
    const r = extractSync('Peter Lang plays for FC Basel. His wife is Maria Lang.');
    expect(lines(r)).toEqual(expect.arrayContaining(['Peter Lang | play for | FC Basel', 'Maria Lang | is wife of | Peter Lang']));
    expect(typeOf(r, 'FC Basel')).toBe('organization');
    expect(typeOf(r, 'Maria Lang')).toBe('person');
  });

  it('reads relative clauses, ordinal dates and clauses in brackets after a name', () => {
    const trust = extractSync('The Rowan Trust, which has 400 members, was founded on the 10th of March, 1921.');
    expect(lines(trust)).toEqual(expect.arrayContaining(['Rowan Trust | have | 400 members', 'Rowan Trust | founded on | 10th of March, 1921']));
    const press = extractSync('Quill Press (founded in 1902) publishes the magazine Harbour Lights.');
    expect(lines(press)).toEqual(expect.arrayContaining(['Quill Press | founded in | 1902', 'Quill Press | publish | Harbour Lights']));
    expect(typeOf(press, 'Harbour Lights')).toBe('work');
  });

  it('keeps a house number with its street and types places by their head word', () => {
    const r = extractSync('The museum stands at 12 Harbour Street in Dundee, Scotland.');
    expect(typeOf(r, '12 Harbour Street')).toBe('place');
    expect(typeOf(r, 'Dundee')).toBe('place');
  });

  it('does not read a list of nouns with a participle in it as a clause', () => {
    const r = extractSync('Bolo Cake is a dessert that combines sour cream, chopped nuts, condensed milk and raisins.');
    expect(lines(r).filter((l) => l.includes('condensed'))).toEqual([]);
  });

  it('ties a later prepositional phrase to the subject of its verb, and not across a negation', () => {
    const r = extractSync('The Lark Rovers play in the Northern Premier league in 2019.');
    expect(lines(r)).toContain('Lark Rovers | play in | 2019');
    const negated = extractSync('Its people did not differ from Picardy in customs.');
    expect(lines(negated)).toEqual([]);
  });

  it('reads a plural noun after "is" as the complement, and keeps a title with the name it introduces', () => {
    const r = extractSync("Korvex's main product is fertilizers. The director of Hallam College is Dr. Mina Osei.");
    expect(lines(r)).toEqual(expect.arrayContaining(['Korvex | product | fertilizers', 'Mina Osei | is director of | Hallam College']));
    expect(lines(r).filter((l) => l.endsWith('| Dr.'))).toEqual([]);
  });

  it('does not read "which" as standing for a person', () => {
    const r = extractSync('The director of Hallam College is Dr. Mina Osei, which was founded in 1921.');
    expect(lines(r)).not.toContain('Mina Osei | founded in | 1921');
  });

  it('reads compass directions, small-written county names, names opening with "All" and loosely written dates', () => {
    const r = extractSync('Harlan county, Ohio is north of Brant County. The prize was given by All Nations Film Council. Mara Lind was born on June the 4th, 1950 and died on May, 2, 2001.');
    expect(lines(r)).toEqual(expect.arrayContaining(['Harlan county | is north of | Brant County', 'Mara Lind | born on | June the 4th, 1950', 'Mara Lind | died on | May, 2, 2001']));
    expect(r.entities.map((e) => e.name)).toContain('All Nations Film Council');
    const notDate = extractSync('In May, 18 people died in Paris.');
    expect(notDate.entities.filter((e) => e.type === 'date')).toEqual([]);
  });

  it('does not read "who" as standing for a place or a group the complement is in', () => {
    const r = extractSync('Lena Brandt is a jazz singer originally from Dundee, who started touring in 2001. Tom Reyes is a drummer in the punk scene who performed with the band Glasshouse.');
    expect(lines(r)).toEqual(expect.arrayContaining(['Lena Brandt | tour in | 2001', 'Tom Reyes | performed with | Glasshouse']));
    expect(lines(r).filter((l) => l.startsWith('Dundee'))).toEqual([]);
  });

  it('reads "the N in X is Y" as it reads "the N of X is Y"', () => {
    const r = extractSync('The currency in Norland is the silver crown.');
    expect(lines(r)).toContain('Norland | currency | silver crown');
  });

  it('reads the verb after an apposition as the main one, and keeps a nationality out of the name', () => {
    const r = extractSync('Moonfolk, the BBC series, last aired on 3rd May 1999 and it was shown on Radio Kell. Canadian Laura Penn was born in Regina.');
    expect(lines(r)).toEqual(expect.arrayContaining(['Moonfolk | aired on | 3rd May 1999', 'Laura Penn | born in | Regina']));
    expect(lines(r).filter((l) => l.startsWith('BBC') || l.startsWith('Canadian'))).toEqual([]);
  });

  it('reads a direction opening the sentence as said of the place after the verb', () => {
    const r = extractSync('To the southeast of Brant County, Ohio lies Harlan County. To the west of Brant County is Mercer County.');
    expect(lines(r)).toEqual(expect.arrayContaining(['Harlan County | is southeast of | Brant County', 'Mercer County | is west of | Brant County']));
  });

  it('keeps a designation written without spaces as one value, and leaves slashed numbers and units alone', () => {
    const r = extractSync('Nordvik Airport serves Tromso. Its runway name is 14L/32R. The shop opens 24/7 and trains run at 100 km/h.');
    expect(lines(r)).toContain('Nordvik Airport | runway name | 14L/32R');
    expect(r.entities.map((e) => e.name)).not.toContain('24/7');
  });

  it('reads a name set off after a possessed noun as what the noun names, and as the subject', () => {
    const r = extractSync("Korvex's founder, Ivan Roth, was born in Leeds.");
    expect(lines(r)).toEqual(expect.arrayContaining(['Ivan Roth | is founder of | Korvex', 'Ivan Roth | born in | Leeds']));
  });
});
