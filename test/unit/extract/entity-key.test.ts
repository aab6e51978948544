import { describe, expect, it } from 'vitest';
import { entityKey } from '../../../src/core/extract/entity-key';

describe('entityKey', () => {
  it('lower-cases and collapses whitespace', () => {
    expect(entityKey('  Steve   Jobs ')).toBe('steve jobs');
    expect(entityKey('Steve\nJobs')).toBe(entityKey('steve jobs'));
  });

  it('treats dotted and undotted acronyms alike', () => {
    expect(entityKey('U.S.A.')).toBe('usa');
    expect(entityKey('USA')).toBe('usa');
    expect(entityKey('J. R. R. Tolkien')).toBe('j r r tolkien');
  });

  it('drops possessives', () => {
    expect(entityKey("Curie's")).toBe('curie');
    expect(entityKey('Curie’s')).toBe('curie');
    expect(entityKey("Jobs'")).toBe('jobs');
    expect(entityKey("Hadrian's Wall")).toBe('hadrian wall');
  });

  it('drops a leading "the" but not words that merely start with it', () => {
    expect(entityKey('The Beatles')).toBe('beatles');
    expect(entityKey('the Hobbit')).toBe(entityKey('Hobbit'));
    expect(entityKey('Theodore Roosevelt')).toBe('theodore roosevelt');
    expect(entityKey('The')).toBe('the');
  });

  it('strips diacritics and applies NFKC', () => {
    expect(entityKey('Île-de-France')).toBe('ile de france');
    expect(entityKey('Börte')).toBe('borte');
    expect(entityKey('Gdańsk')).toBe('gdansk');
    expect(entityKey('ＩＢＭ')).toBe('ibm'); // full-width letters
  });

  it('collapses punctuation but keeps letters of other scripts', () => {
    expect(entityKey('Procter & Gamble')).toBe(entityKey('Procter and Gamble'));
    expect(entityKey('Coca-Cola')).toBe('coca cola');
    expect(entityKey('东京')).toBe('东京');
  });

  it('keeps digits, and a decimal point but not a thousands separator', () => {
    expect(entityKey('Super Bowl 50')).toBe('super bowl 50');
    expect(entityKey('1,230 km')).toBe('1230 km');
    expect(entityKey('1.5 km')).toBe('1.5 km');
    expect(entityKey('1.5 km')).not.toBe(entityKey('15 km'));
  });

  it('is conservative: different people stay different', () => {
    expect(entityKey('Marie Curie')).not.toBe(entityKey('Pierre Curie'));
    expect(entityKey('Marie Curie')).not.toBe(entityKey('Curie'));
  });

  it('returns an empty key for text without letters or digits', () => {
    expect(entityKey('')).toBe('');
    expect(entityKey(' ... ')).toBe('');
  });
});
