/**
 * Sizes prose blocks. Downstream chunks are about 1000 characters, so blocks of one or two short
 * paragraphs would make chunks that carry too little context; blocks of 2–4 KB hold a few chunks'
 * worth of text and still keep their provenance (heading path) close to the words.
 */
export const BLOCK_MAX_CHARS = 4000;

/**
 * Joins paragraphs (with a blank line, which the chunker prefers as a cut) into blocks of at most
 * `maxChars`. A paragraph longer than that is split at line breaks; a single longer line stays
 * whole and is left to the chunker.
 */
export function mergeParagraphs(paragraphs: readonly string[], maxChars = BLOCK_MAX_CHARS): string[] {
  const blocks: string[] = [];
  let current = '';
  for (const paragraph of paragraphs) {
    for (const piece of splitLongParagraph(paragraph, maxChars)) {
      if (current && current.length + 2 + piece.length > maxChars) {
        blocks.push(current);
        current = piece;
      } else {
        current = current ? `${current}\n\n${piece}` : piece;
      }
    }
  }
  if (current) blocks.push(current);
  return blocks;
}

/** Splits plain text into paragraphs at blank lines, without empty ones. */
export function splitParagraphs(text: string): string[] {
  return text
    .split(/\n[ \t\f\v]*\n/)
    .map(trimBlankLines)
    .filter((paragraph) => paragraph.length > 0);
}

/** Unifies line ends and drops characters that only get in the way of search (NUL). */
export function normalizeNewlines(text: string): string {
  return text.replace(/\r\n?/g, '\n').replaceAll('\u0000', '');
}

function splitLongParagraph(paragraph: string, maxChars: number): string[] {
  if (paragraph.length <= maxChars) return [paragraph];
  const pieces: string[] = [];
  let current = '';
  for (const line of paragraph.split('\n')) {
    if (current && current.length + 1 + line.length > maxChars) {
      pieces.push(current);
      current = line;
    } else {
      current = current ? `${current}\n${line}` : line;
    }
  }
  if (current) pieces.push(current);
  return pieces;
}

// Keeps a paragraph's indentation (code, poems) but not the blank lines and trailing space around it.
function trimBlankLines(paragraph: string): string {
  return paragraph.replace(/^(?:[ \t\f\v]*\n)+/, '').trimEnd();
}
