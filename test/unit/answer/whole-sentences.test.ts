import { describe, expect, it } from 'vitest';
import { passageWindow } from '../../../src/core/answer/passage-window';
import { wholeSentences } from '../../../src/core/answer/whole-sentences';
import { chunkText } from '../../../src/core/ingest/chunker';
import type { ChunkRecord } from '../../../src/core/model';

/** The document's chunks as ingest stores them: offsets into the text, overlapping. */
function chunksOf(text: string, targetChars: number, overlapChars: number): ChunkRecord[] {
  return chunkText(text, { targetChars, overlapChars }).map((s, ordinal) => ({
    id: `c${ordinal}`,
    documentId: 'doc',
    ordinal,
    text: text.slice(s.start, s.end),
    start: s.start,
    end: s.end,
    page: null,
    section: null,
    row: null,
  }));
}

const ownChunkSentences = (chunk: ChunkRecord, neighbours: ChunkRecord[]): string[] =>
  wholeSentences(passageWindow(chunk, neighbours))
    .filter((s) => s.inChunk)
    .map((s) => s.text);

const OWNERSHIP =
  'Because ownership is a new concept for many programmers, it does take some time to get used to. ' +
  'The good news is that the more experienced you become with Rust and the rules of the ownership system, the easier you’ll find it to naturally develop code that is safe and efficient. ' +
  'Keep at it!\n\nWhen you understand ownership, you’ll have a solid foundation for understanding the features that make Rust unique. ' +
  'In this chapter, you’ll learn ownership by working through some examples that focus on a very common data structure: strings.';

describe('whole sentences of a passage', () => {
  // One paragraph, so that the chunker has to cut inside it.
  const chunks = chunksOf(OWNERSHIP.replace('\n\n', ' '), 300, 120);
  // The second chunk starts inside the "good news" sentence, as overlap makes chunks do.
  const cut = chunks.find((c) => c.ordinal > 0 && /^[a-z]/.test(c.text));

  it('reads a sentence cut by the chunk’s start to its beginning in the previous chunk', () => {
    expect(cut).toBeDefined();
    if (!cut) return;
    const sentences = ownChunkSentences(cut, chunks);
    expect(sentences[0]).toMatch(/^The good news is that the more experienced you become with Rust/);
    expect(sentences[0]).toMatch(/safe and efficient\.$/);
    expect(sentences.every((s) => /^[A-Z]/.test(s))).toBe(true);
  });

  it('leaves the cut sentence out when the neighbours are unknown', () => {
    if (!cut) return;
    const sentences = ownChunkSentences(cut, []);
    expect(sentences.some((s) => s.includes('become with Rust'))).toBe(false);
    expect(sentences.length).toBeGreaterThan(0);
  });

  it('reads a sentence cut by the chunk’s end on into the next chunk, and drops it without that chunk', () => {
    const long = 'Keeping track of what parts of code are using what data on the heap, minimizing the amount of duplicate data on the heap, and cleaning up unused data on the heap are all problems that ownership addresses.';
    const text = `Ownership manages memory. ${long} Keep at it.`;
    const cutAt = text.indexOf(' minimizing');
    const chunk = (ordinal: number, start: number, end: number): ChunkRecord => ({
      id: `c${ordinal}`, documentId: 'doc', ordinal, text: text.slice(start, end), start, end, page: null, section: null, row: null,
    });
    const head = chunk(0, 0, cutAt);
    const next = chunk(1, text.indexOf('Keeping'), text.length);
    expect(ownChunkSentences(head, [next])).toEqual(['Ownership manages memory.', long]);
    expect(ownChunkSentences(head, [])).toEqual(['Ownership manages memory.']);
  });

  it('does not glue sentences across a gap between chunks that do not overlap', () => {
    const text = 'The first part has no end\n\nThe second part is a sentence.';
    const second = text.indexOf('The second');
    const a: ChunkRecord = { id: 'a', documentId: 'doc', ordinal: 0, text: text.slice(0, 25), start: 0, end: 25, page: null, section: null, row: null };
    const b: ChunkRecord = { id: 'b', documentId: 'doc', ordinal: 1, text: text.slice(second), start: second, end: text.length, page: null, section: null, row: null };
    expect(ownChunkSentences(b, [a])).toEqual(['The second part is a sentence.']);
  });

  it('never quotes code fences, template directives, comments or table rows', () => {
    const text = [
      'Take the following variable:',
      '',
      '```rust',
      '{{#rustdoc_include ../listings/ch04-understanding-ownership/listing-04-01/src/main.rs:here}}',
      '```',
      '',
      '<!-- manual-regeneration: run the listing again. -->',
      '| Operator | Example | Explanation. |',
      '|---|---|---|',
      '| `!` | `ident!(...)` | Macro expansion. |',
      '',
      'The variable `s` refers to a string literal, where the value of the string is hardcoded into the text of our program.',
    ].join('\n');
    const [chunk] = chunksOf(text, 2000, 100);
    if (!chunk) throw new Error('no chunk');
    expect(ownChunkSentences(chunk, [])).toEqual([
      'The variable `s` refers to a string literal, where the value of the string is hardcoded into the text of our program.',
    ]);
  });

  it('knows code that began before the window from the fence that closes it', () => {
    const text = 'let s1 = String::from("hello");\nlet s2 = s1.clone();\nprintln!("done.");\n```\n\nHere is a sentence after the listing.';
    const [chunk] = chunksOf(text, 2000, 100);
    if (!chunk) throw new Error('no chunk');
    expect(ownChunkSentences(chunk, [])).toEqual(['Here is a sentence after the listing.']);
  });

  it('does not glue a heading or list markers to the sentences', () => {
    const text = [
      'The Stack and the Heap',
      'Many programming languages don’t require you to think about the stack and the heap very often.',
      '',
      'Ownership Rules',
      '',
      '- Each value in Rust has an owner.',
      '- There can only be one owner at a time.',
      '1. When the owner goes out of scope, the value will be dropped.',
    ].join('\n');
    const [chunk] = chunksOf(text, 2000, 100);
    if (!chunk) throw new Error('no chunk');
    expect(ownChunkSentences(chunk, [])).toEqual([
      'Many programming languages don’t require you to think about the stack and the heap very often.',
      'Each value in Rust has an owner.',
      'There can only be one owner at a time.',
      'When the owner goes out of scope, the value will be dropped.',
    ]);
  });

  it('joins a sentence wrapped over lines', () => {
    const text = 'Ownership is a set of rules that govern how a Rust program manages\nmemory. All programs have to manage the way they use a computer’s memory\nwhile running.';
    const [chunk] = chunksOf(text, 2000, 100);
    if (!chunk) throw new Error('no chunk');
    expect(ownChunkSentences(chunk, [])).toEqual([
      'Ownership is a set of rules that govern how a Rust program manages memory.',
      'All programs have to manage the way they use a computer’s memory while running.',
    ]);
  });

  it('cuts text written without spaces at its own sentence marks, however long the sentence', () => {
    const text = '内容分发网络（CDN）是一个全球性的代理服务器分布式网络，它从靠近用户的位置提供内容。通常，HTML/CSS/JS，图片和视频等静态内容由 CDN 提供，虽然亚马逊 CloudFront 等也支持动态内容。CDN 的 DNS 解析会告知客户端连接哪台服务器。';
    const [chunk] = chunksOf(text, 2000, 100);
    if (!chunk) throw new Error('no chunk');
    expect(ownChunkSentences(chunk, [])).toEqual([
      '内容分发网络（CDN）是一个全球性的代理服务器分布式网络，它从靠近用户的位置提供内容。',
      '通常，HTML/CSS/JS，图片和视频等静态内容由 CDN 提供，虽然亚马逊 CloudFront 等也支持动态内容。',
      'CDN 的 DNS 解析会告知客户端连接哪台服务器。',
    ]);
  });

  it('leaves out questions and fragments that start in the middle of a sentence', () => {
    const text = 'What Is Ownership?\n\nand then the rest of it.\n\nOwnership is a set of rules.';
    const [chunk] = chunksOf(text, 2000, 100);
    if (!chunk) throw new Error('no chunk');
    expect(ownChunkSentences(chunk, [])).toEqual(['Ownership is a set of rules.']);
  });
});
