import { describe, expect, it } from 'vitest';
import { extractiveAnswer, supportingSentences } from '../../../src/core/answer/extractive-answer';
import { answerKind, holdsKind } from '../../../src/core/answer/answer-kind';
import type { ChunkRecord } from '../../../src/core/model';
import { analyze } from '../../../src/core/text/analyze';

const passage = (text: string, documentId = 'tesla', ordinal = 0): { chunk: ChunkRecord; score: number; coverage: number } => ({
  chunk: { id: `${documentId}-${ordinal}`, documentId, ordinal, text, start: 0, end: text.length, page: null, section: null, row: null },
  score: 1,
  coverage: 1,
});

describe('extractive answer', () => {
  const titles = new Map([['tesla', 'Nikola Tesla']]);
  // General English weighs the name far above "live" and "life".
  const idf = new Map([
    ['tesla', 5],
    ['live', 1],
    ['much', 0.5],
    ['life', 1],
  ]);

  it('lets the question’s words beyond the title pick the sentences of a document, leaving out those with only its title’s words', () => {
    const text = 'Tesla was renowned for his showmanship. He lived most of his life in a series of New York hotels. Tesla died on 7 January 1943.';
    const answer = extractiveAnswer({ chunks: [passage(text)], neighbours: [], question: { terms: analyze('Where did Tesla live for much of his life?'), idf }, titles });
    expect(answer).toBe('From “Nikola Tesla”:\nHe lived most of his life in a series of New York hotels. [1]');
  });

  it('quotes the titled document’s answer before another document’s sentence that only names the title’s subject', () => {
    const weights = new Map([['develop', 1], ['pdf', 3], ['js', 3]]);
    const chunks = [passage('Static files such as HTML/CSS/JS are served from a CDN.', 'primer'), passage('It is developed by Mozilla as an open-source project.', 'pdfjs')];
    const answer = extractiveAnswer({ chunks, neighbours: [], question: { terms: analyze('Who develops pdf.js?'), idf: weights }, titles: new Map([['pdfjs', 'PDF.js'], ['primer', 'The System Design Primer']]) });
    expect(answer.startsWith('From “PDF.js”:\nIt is developed by Mozilla')).toBe(true);
  });

  it('quotes no sentence of another document that holds only the words naming what is asked about', () => {
    const weights = new Map([['wrote', 1], ['pdf', 3], ['js', 3]]);
    // The page about PDF.js is the best passage but has no sentence with "wrote" (its infobox is no prose).
    const chunks = [passage('PDF.js is a JavaScript library that renders PDF files.', 'pdfjs'), passage('In the dark box, TM executes JS as compiled traces.', 'paper')];
    const answer = extractiveAnswer({ chunks, neighbours: [], question: { terms: analyze('Who wrote PDF.js?'), idf: weights }, titles: new Map([['pdfjs', 'PDF.js - Wikipedia'], ['paper', 'tracemonkey.pdf']]) });
    expect(answer).toBe('From “PDF.js - Wikipedia”:\nPDF.js is a JavaScript library that renders PDF files. [1]');
  });

  it('leaves out a sentence of another document that matches one minor word of the question', () => {
    const weights = new Map([['releas', 2], ['first', 0.5], ['pdf', 3], ['js', 3]]);
    const chunks = [passage('Initial release 2 July 2011. Stable release 4.0 in 2023.', 'pdfjs'), passage('Their first names all matched their last name.', 'stories')];
    const answer = extractiveAnswer({ chunks, neighbours: [], question: { terms: analyze('When was pdf.js first released?'), idf: weights }, titles: new Map([['pdfjs', 'PDF.js'], ['stories', 'Stories']]) });
    expect(answer).toContain('Initial release 2 July 2011.');
    expect(answer).not.toContain('first names');
  });

  it('puts first the sentence that holds the kind of answer asked for, over one that restates the question', () => {
    const weights = new Map([['mani', 0.5], ['owner', 3], ['singl', 1], ['valu', 1], ['onc', 0.5], ['rust', 1]]);
    const question = 'How many owners can a single value have at once in Rust?';
    const text = 'Each value in Rust has an owner. There can only be one owner at a time.';
    const best = (kind: ReturnType<typeof answerKind>): string | undefined =>
      supportingSentences({ chunks: [passage(text, 'book')], neighbours: [], question: { terms: analyze(question), idf: weights }, titles: new Map([['book', 'What Is Ownership?']]), kind })[0]?.text;
    expect(best(answerKind(question))).toBe('There can only be one owner at a time.');
    expect(best(null)).toBe('Each value in Rust has an owner.');
  });

  it('quotes the sentence that holds both words of a word the notes write as two ("payday"), not one with only one of them', () => {
    const [payday = ''] = analyze('payday');
    const text = 'Parking is not paid for. Paid time off is 18 days a year and builds up each pay period. The office opens at nine every day.';
    const answer = extractiveAnswer({ chunks: [passage(text, 'notes')], neighbours: [], question: { terms: [payday], idf: new Map([[payday, 1]]), compounds: new Map([[payday, [...analyze('pay'), ...analyze('day')]]]) }, titles: new Map([['notes', 'First week']]) });
    expect(answer).toBe('From “First week”:\nPaid time off is 18 days a year and builds up each pay period. [1]');
  });

  it('still answers a question that asks only what the title names', () => {
    const text = 'Tesla was renowned for his showmanship. He lived in New York hotels.';
    const answer = extractiveAnswer({ chunks: [passage(text)], neighbours: [], question: { terms: analyze('Who was Tesla?'), idf }, titles });
    expect(answer).toBe('From “Nikola Tesla”:\nTesla was renowned for his showmanship. [1]');
  });

  it('quotes the prose around a passage that is only a code listing, citing the listing', () => {
    const doc = 'Ownership is checked by the compiler.\n\n```rust\n{{#include listing.rs}}\n```\n\nThe listing shows ownership moving. The next chapter has more about ownership.';
    const at = (start: number, end: number, ordinal: number): ChunkRecord => ({
      id: `c${ordinal}`, documentId: 'book', ordinal, text: doc.slice(start, end), start, end, page: null, section: null, row: null,
    });
    const code = doc.indexOf('```rust');
    const after = doc.indexOf('The listing');
    const chunks = [at(0, code - 2, 0), at(code, after - 2, 1), at(after, doc.length, 2)];
    const answer = extractiveAnswer({
      chunks: [{ chunk: chunks[1] as ChunkRecord, score: 1, coverage: 1 }],
      neighbours: [chunks[0] as ChunkRecord, chunks[2] as ChunkRecord],
      question: { terms: analyze('ownership'), idf: new Map([['ownership', 1]]) },
      titles: new Map([['book', 'Book']]),
    });
    expect(answer).not.toContain('{{');
    expect(answer).toContain('Ownership is checked by the compiler. [1]');
    expect(answer).toContain('The listing shows ownership moving. [1]');
  });
});

describe('answer kind', () => {
  it.each([
    ['How many owners can a value have?', 'amount'],
    ['how much is the late fee', 'amount'],
    ['How long can a beaver dam get?', 'amount'],
    ['When do I get my deposit back?', 'time'],
    ['what year did the war end', 'time'],
    ['which days do I have to go into the office', 'time'],
    ['Who develops pdf.js?', null],
    ['What does ownership mean?', null],
  ])('"%s" asks for %s', (question, kind) => {
    expect(answerKind(question)).toBe(kind);
  });

  it('finds an amount in figures or words, and a time by its date or unit', () => {
    expect(holdsKind('There can only be one owner at a time.', 'amount')).toBe(true);
    expect(holdsKind('Each value in Rust has an owner.', 'amount')).toBe(false);
    expect(holdsKind('The deposit is returned within 14 days.', 'time')).toBe(true);
    expect(holdsKind('It was signed in March.', 'time')).toBe(true);
    expect(holdsKind('Everybody comes in on Tuesdays and Thursdays.', 'time')).toBe(true);
    expect(holdsKind('The landlord returns the deposit by check.', 'time')).toBe(false);
  });
});
