import { describe, expect, it } from 'vitest';
import { movedLetterForms, typoForms } from '../../src/core/retrieval/spelling-variants';

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
