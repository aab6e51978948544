import { splitSentences } from '../extract/sentences';
import type { PassageWindow } from './passage-window';
import { fenceOf, isProseSentence, isTableLine, listMarkerLength, looksLikeCode } from './text-shape';

/** A whole sentence of prose, with its offsets in the document. */
export interface WholeSentence {
  text: string;
  start: number;
  end: number;
  /** The window's chunk holds at least part of it (else it lies in a neighbour only). */
  inChunk: boolean;
}

interface Line {
  start: number;
  text: string;
}

/**
 * A line without end punctuation shorter than this, followed by one that starts with a capital,
 * is a heading or a label ("The Stack and the Heap"), not the first half of a wrapped sentence;
 * text wrapped by hand runs its lines to 60–80 characters.
 */
const HEADING_MAX_CHARS = 60;
const ENDS_SENTENCE = /[.!…。！](?:["'”’»)\]]*)$/u;
const ENDS_CLAUSE = /[.!?…:;。！？](?:["'”’»)\]]*)$/u;

/**
 * The whole sentences of prose in the window, marked by whether the window's chunk holds them at
 * least in part: a sentence the chunk's edge cuts is read to its ends from the neighbours, and
 * one the window itself cuts is left out. Code, markup, table rows and headings are never
 * sentences, and a list item is read without its marker. Questions are left out too: they do not
 * answer anything.
 */
export function wholeSentences(window: PassageWindow): WholeSentence[] {
  const text = window.text;
  const first = text.length - text.trimStart().length;
  const last = text.trimEnd().length;
  const sentences: WholeSentence[] = [];
  for (const run of proseRuns(text)) {
    for (const span of sentenceSpans(text.slice(run.start, run.end))) {
      const start = run.start + span.start;
      const end = run.start + span.end;
      if ((window.openStart && start <= first) || (window.openEnd && end >= last)) continue;
      const inChunk = window.start + start < window.chunkEnd && window.start + end > window.chunkStart;
      const sentence = text.slice(start, end).replace(/\s+/gu, ' ').trim();
      if (readsAsSentence(sentence)) sentences.push({ text: sentence, start: window.start + start, end: window.start + end, inChunk });
    }
  }
  return sentences;
}

/** Ends like a statement, starts like a sentence (not in the middle of one), and is prose. */
export function readsAsSentence(sentence: string): boolean {
  return ENDS_SENTENCE.test(sentence) && !/^\p{Ll}/u.test(sentence) && isProseSentence(sentence);
}

/**
 * Stretches of prose between line breaks that end a paragraph, in offsets of `text`: lines are
 * joined where a sentence was wrapped, and code (fenced or not), markup, table rows, headings and
 * list markers are left out.
 */
export function proseRuns(text: string): { start: number; end: number }[] {
  const lines = splitLines(text);
  const code = codeLines(lines);
  const runs: { start: number; end: number }[] = [];
  let current: { start: number; end: number } | null = null;
  let previous = '';
  const close = (): void => {
    if (current) runs.push(current);
    current = null;
  };
  lines.forEach((line, i) => {
    if (line.text.trim().length === 0 || code[i] || isTableLine(line.text) || looksLikeCode(line.text)) {
      close();
      return;
    }
    const marker = listMarkerLength(line.text);
    const lineEnd = line.start + line.text.trimEnd().length;
    if (current && marker === 0 && continues(previous, line.text)) {
      current.end = lineEnd;
    } else {
      close();
      current = { start: line.start + (marker || line.text.length - line.text.trimStart().length), end: lineEnd };
    }
    previous = line.text.trim();
  });
  close();
  return runs;
}

const CJK_SENTENCE_END = /[。！？][」』”’）]*/gu;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * Sentence spans of a run of prose. Text in scripts written without spaces is cut at its own
 * sentence marks first: the sentence splitter reads a long stretch without spaces as no words at
 * all, and would lose it.
 */
function sentenceSpans(run: string): { start: number; end: number }[] {
  if (!CJK.test(run)) return splitSentences(run);
  const spans: { start: number; end: number }[] = [];
  let from = 0;
  const pieces = [...run.matchAll(CJK_SENTENCE_END)].map((m) => (m.index ?? 0) + m[0].length);
  for (const to of [...pieces, run.length]) {
    const piece = run.slice(from, to);
    const lead = piece.length - piece.trimStart().length;
    const inner = CJK.test(piece) ? [{ start: lead, end: piece.trimEnd().length }] : splitSentences(piece);
    for (const span of inner) if (span.end > span.start) spans.push({ start: from + span.start, end: from + span.end });
    from = to;
  }
  return spans;
}

/** Whether a line goes on with the sentence of the line before it, rather than starting anew. */
function continues(previous: string, line: string): boolean {
  const next = line.trimStart();
  return /^\p{Ll}/u.test(next) || ENDS_CLAUSE.test(previous) || previous.length >= HEADING_MAX_CHARS;
}

function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (const line of text.split('\n')) {
    lines.push({ start, text: line });
    start += line.length + 1;
  }
  return lines;
}

/**
 * Which lines are inside a fenced code block, fences included. A fence without a partner in the
 * window either closes a block that began before it (when a blank line or the end follows it) or
 * opens one that runs past it.
 */
function codeLines(lines: readonly Line[]): boolean[] {
  const code = lines.map(() => false);
  let open = -1;
  let lastFence = -1;
  lines.forEach((line, i) => {
    const fence = fenceOf(line.text);
    if (!fence) {
      if (open >= 0) code[i] = true;
      return;
    }
    code[i] = true;
    if (open >= 0) {
      open = -1;
    } else if (fence.info || lines.slice(i + 1).some((l) => fenceOf(l.text)) || (lines[i + 1]?.text.trim() ?? '') !== '') {
      open = i;
    } else {
      for (let k = lastFence + 1; k < i; k++) code[k] = true;
    }
    lastFence = i;
  });
  return code;
}
