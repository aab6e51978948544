import { describe, expect, it } from 'vitest';
import { isFunctionWordSlip, keyboardSlipForms, movedLetterForms, typoForms } from '../../src/core/retrieval/spelling-variants';
import { STOPWORDS } from '../../src/core/text/stopwords';

describe('spelling variants of a word the index lacks', () => {
  it('one slip: a letter dropped, added, replaced or swapped with its neighbour', () => {
    const forms = typoForms('ctenphora');
    expect(forms).toContain('ctenophora');
    expect(forms).toContain('tcenphora');
    expect(typoForms('busimess')).toContain('business');
    expect(forms).not.toContain('ctenphora');
  });

  it('a letter two or three places out ("Ghandi"), but not next door, which is a single slip', () => {
    const forms = movedLetterForms('ghandi');
    expect(forms).toContain('gandhi');
    expect(forms).not.toContain('hgandi');
    expect(forms).not.toContain('ghandi');
    expect(forms.length).toBeLessThan(6 * 'ghandi'.length);
  });

  it('leaves short words, numbers and non-Latin words alone', () => {
    for (const word of ['cat', 'b1946x', 'привет']) {
      expect(typoForms(word)).toEqual([]);
      expect(movedLetterForms(word)).toEqual([]);
    }
  });
});

describe('keyboard slips of a word general English may know', () => {
  it('reads a key struck twice, a letter left out, neighbours swapped or a neighbouring key', () => {
    expect(keyboardSlipForms('makiing')).toContain('making');
    expect(keyboardSlipForms('bakkes')).toContain('bakes');
    expect(keyboardSlipForms('orale')).toContain('oracle');
    expect(keyboardSlipForms('frsot')).toContain('frost');
    expect(keyboardSlipForms('vavation')).toContain('vacation');
  });

  it('does not read a letter far from its neighbours on the keyboard as struck by mistake ("sonos" is not "sons", "fridges" not "bridges")', () => {
    expect(keyboardSlipForms('sonos')).not.toContain('sons');
    expect(keyboardSlipForms('fridges')).not.toContain('bridges');
    expect(typoForms('sonos')).toContain('sons');
    for (const word of ['makiing', 'sonos', 'fridges']) expect(typoForms(word)).toEqual(expect.arrayContaining(keyboardSlipForms(word)));
  });
});

describe('a function word mistyped', () => {
  const stopword = (form: string): boolean => STOPWORDS.has(form);
  it('by two neighbours swapped or a letter left out, short words too', () => {
    for (const word of ['teh', 'waht', 'hw', 'whn', 'adn', 'betwen']) expect(isFunctionWordSlip(word, stopword), word).toBe(true);
  });

  it('not by a letter replaced, which almost any short string is', () => {
    for (const word of ['xy', 'ban', 'tram', 'deposit']) expect(isFunctionWordSlip(word, stopword), word).toBe(false);
  });
});
