import { describe, expect, it } from 'vitest';
import { searchedTitle } from '../../src/core/text/searched-title';

describe('a document title as searched', () => {
  it('is a file name without the ending of a file people drop in', () => {
    expect(searchedTitle('tracemonkey.pdf')).toBe('tracemonkey');
    expect(searchedTitle('country-codes.csv')).toBe('country-codes');
    expect(searchedTitle('Meeting notes.MD')).toBe('Meeting notes');
  });

  it('keeps a name that only looks like one ("PDF.js", "Node.js") and every other title', () => {
    expect(searchedTitle('PDF.js - Wikipedia')).toBe('PDF.js - Wikipedia');
    expect(searchedTitle('Node.js')).toBe('Node.js');
    expect(searchedTitle('Notes on .pdf files in email')).toBe('Notes on .pdf files in email');
  });
});
