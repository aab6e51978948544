export interface Range {
  start: number;
  end: number;
}

const squash = (s: string): string => s.replace(/\s+/gu, ' ');
const EDGE_MIN_CHARS = 16;

/**
 * Which part of a passage to highlight: the given sentence offsets (a fact's sentence), else the
 * quoted answer sentence where the passage contains it (answers quote their passage verbatim, up
 * to whitespace), or the part of it the passage holds at its start or end (a sentence read whole
 * across the passage's edge), else the whole passage, since the whole passage is what was cited.
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
    const span = (from: number, length: number): Range => ({ start: positions[from] ?? 0, end: (positions[from + length - 1] ?? text.length - 1) + 1 });
    const lower = flat.toLocaleLowerCase();
    const sought = wanted.toLocaleLowerCase();
    const at = lower.indexOf(sought);
    if (at >= 0) return span(at, sought.length);
    // A sentence the answer read whole across the passage's edge: the part this passage holds
    // (long enough not to be a chance match of a few words).
    const body = lower.trimEnd();
    for (let k = sought.length - 1; k >= EDGE_MIN_CHARS; k--) {
      if (lower.startsWith(sought.slice(sought.length - k))) return span(0, k);
      if (body.endsWith(sought.slice(0, k))) return span(body.length - k, k);
    }
  }
  return { start: 0, end: text.length };
}
