export interface Range {
  start: number;
  end: number;
}

const squash = (s: string): string => s.replace(/\s+/gu, ' ');

/**
 * Which part of a passage to highlight: the given sentence offsets (a fact's sentence), else the
 * quoted answer sentence where the passage contains it (answers quote their passage verbatim, up
 * to whitespace), else the whole passage, since the whole passage is what was cited.
 */
export function findHighlight(text: string, range: Range | undefined, quote: string | undefined): Range {
  if (range && range.start >= 0 && range.end <= text.length && range.end > range.start) return range;
  const wanted = quote ? squash(quote).replace(/^[\s\-–•*]+|[\s.…]+$/gu, '').trim() : '';
  if (wanted.length >= 8) {
    // Map positions of the whitespace-squashed text back to the original.
    const positions: number[] = [];
    let flat = '';
    for (let i = 0; i < text.length; i++) {
      const ch = /\s/u.test(text[i] ?? '') ? ' ' : (text[i] ?? '');
      if (ch === ' ' && flat.endsWith(' ')) continue;
      flat += ch;
      positions.push(i);
    }
    const at = flat.toLocaleLowerCase().indexOf(wanted.toLocaleLowerCase());
    if (at >= 0) {
      const last = positions[at + wanted.length - 1] ?? text.length - 1;
      return { start: positions[at] ?? 0, end: last + 1 };
    }
  }
  return { start: 0, end: text.length };
}
