import type { ChunkingConfig } from '../config';

export interface TextSpan {
  start: number;
  end: number;
}

/**
 * Splits text into chunks of about `targetChars` that follow its paragraphs. A chunk ends at the
 * first paragraph break once it holds half the target, and a paragraph may run on to 1.5 times
 * the target to end where it ends: a passage that mixes the tail of one paragraph with the next
 * ranks below the paragraph that answers (BM25 over whole paragraphs of long articles beat the
 * same BM25 over window-cut chunks). A paragraph too long for that is cut, with overlap, at the
 * best boundary in the last 40% of the window: a sentence end, then a line break, then a space.
 * Offsets point into the original text, and a cut never falls inside a word (a single "word"
 * longer than four chunks, such as base64, is the one exception: it is cut hard).
 *
 * @example chunkText('One. Two.', { targetChars: 1000, overlapChars: 100 }) // [{ start: 0, end: 9 }]
 */
export function chunkText(text: string, config: ChunkingConfig): TextSpan[] {
  const spans: TextSpan[] = [];
  const target = Math.max(50, config.targetChars);
  const overlap = Math.min(config.overlapChars, Math.floor(target / 2));
  let start = skipSpace(text, 0);
  while (start < text.length) {
    const paragraph = start + target >= text.length ? null : paragraphEnd(text, start, target);
    let end = start + target >= text.length ? text.length : (paragraph ?? findCut(text, start, target));
    end = trimEnd(text, start, end);
    if (end > start) spans.push({ start, end });
    if (end >= text.length || skipSpace(text, end) >= text.length) break;
    // A paragraph break is a natural seam: the next chunk starts at its paragraph, with no overlap.
    start = paragraph !== null ? skipSpace(text, end) : nextStart(text, start, end, overlap);
  }
  return spans;
}

// Western sentence marks count only before white space ("e.g. this" is no sentence end); CJK marks stand alone.
const SENTENCE_END = /[.!?]["'”’)\]]?(?=\s)|[。！？][」』”’）]?/gu;
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** A chunk holds at least this share of the target before a paragraph break ends it. */
const PARAGRAPH_MIN = 0.5;
/** How far past the target a paragraph may run to end where it ends. */
const PARAGRAPH_STRETCH = 1.5;
const PARAGRAPH_BREAK = /\n[^\S\n]*\n/u;

/** Where the chunk from `start` ends at a paragraph's end, or null when no paragraph ends within reach. */
function paragraphEnd(text: string, start: number, target: number): number | null {
  const from = start + Math.floor(target * PARAGRAPH_MIN);
  const limit = start + Math.floor(target * PARAGRAPH_STRETCH);
  const found = PARAGRAPH_BREAK.exec(text.slice(from, limit + 1));
  if (found) return from + found.index;
  // The text's last paragraph ends within reach: it stays whole rather than leave a short tail.
  return limit >= text.length ? text.length : null;
}

function findCut(text: string, start: number, target: number): number {
  const limit = start + target;
  const floor = start + Math.floor(target * 0.6);
  const window = text.slice(floor, limit);
  let sentence = -1;
  for (const match of window.matchAll(SENTENCE_END)) sentence = match.index + match[0].length;
  if (sentence >= 0) return floor + sentence;
  const line = window.lastIndexOf('\n');
  if (line >= 0) return floor + line;
  const space = lastSpace(text, floor, limit);
  if (space >= 0) return space;
  // Scripts written without spaces may be cut between any two of their characters.
  for (let i = limit; i > floor; i--) if (CJK_CHAR.test(text[i - 1] ?? '')) return i;
  return wordEnd(text, limit, start + target * 4);
}

function nextStart(text: string, start: number, end: number, overlap: number): number {
  let next = end - overlap;
  if (next <= start) return skipSpace(text, end);
  // Move forward to the start of a word so the overlap does not begin mid-word.
  while (next < end && !isSpace(text.charCodeAt(next - 1))) next++;
  return skipSpace(text, next);
}

function lastSpace(text: string, from: number, to: number): number {
  for (let i = to; i > from; i--) if (isSpace(text.charCodeAt(i))) return i;
  return -1;
}

function wordEnd(text: string, from: number, hardLimit: number): number {
  let i = from;
  while (i < text.length && i < hardLimit && !isSpace(text.charCodeAt(i))) i++;
  return Math.min(i, text.length);
}

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

function trimEnd(text: string, start: number, end: number): number {
  let i = end;
  while (i > start && isSpace(text.charCodeAt(i - 1))) i--;
  return i;
}

function isSpace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9 || code === 12 || code === 0xa0 || code === 0x3000;
}
