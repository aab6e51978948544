/**
 * Sentence boundaries as character offsets, so callers can cite or slice the
 * exact sentence a fact came from.
 */
import type { Span } from './types';
import { tokenize } from './wink-nlp';

export function splitSentences(text: string): Span[] {
  if (text.trim().length === 0) return [];
  let tokens;
  try {
    tokens = tokenize(text, 'sentences');
  } catch {
    // wink should not throw on a string, but a sentence splitter must never take ingest down.
    return wholeText(text);
  }
  const spans: Span[] = [];
  for (const [first, last] of tokens.sentences) {
    const start = tokens.starts[first] ?? 0;
    const end = tokens.ends[last] ?? start;
    if (end <= start) continue;
    // wink ends a sentence at the dot inside "PDF.js" or "www.example.com"; a sentence's end is
    // followed by a space, so a sentence that starts right after the dot goes on the one before.
    const previous = spans.at(-1);
    if (previous && previous.end === start && text[start - 1] === '.') previous.end = end;
    else spans.push({ start, end });
  }
  // Text wink could not split at all (e.g. only over-long runs) is still one sentence.
  return spans.length > 0 ? spans : wholeText(text);
}

function wholeText(text: string): Span[] {
  const start = text.length - text.trimStart().length;
  const end = text.trimEnd().length;
  return end > start ? [{ start, end }] : [];
}
