import { appendLine, type Vocabulary } from './dehyphenate';
import type { Line, Region } from './layout-types';
import { isGlyphNoise } from './glyph-noise';
import { normalizeText, tidySpaces } from './normalize-text';
import { median } from './numbers';

/**
 * Lines of a column → paragraphs. A paragraph ends at a wider-than-usual gap, a change of font
 * size (a heading), a short line ending a sentence, or a first-line indent on the next line.
 */

function lineSpacing(lines: readonly Line[]): number {
  const deltas: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const prev = lines[i - 1];
    const cur = lines[i];
    if (!prev || !cur) continue;
    const d = cur.baseline - prev.baseline;
    if (d > 0.5 * cur.size && d < 3 * cur.size) deltas.push(d);
  }
  return median(deltas) ?? 1.2 * (median(lines.map((l) => l.size)) ?? 10);
}

interface Indents {
  /** Most lines of the region are indented: a hanging indent (references, lists). */
  hanging: boolean;
}

function indented(line: Line | undefined, region: Region): boolean {
  if (!line) return false;
  const indent = line.x0 - region.x0;
  return indent > 0.7 * line.size && indent < 5 * line.size;
}

function startsParagraph(lines: readonly Line[], i: number, region: Region, spacing: number, style: Indents): boolean {
  const prev = lines[i - 1];
  const cur = lines[i];
  if (!prev || !cur) return false;
  const em = Math.max(prev.size, cur.size);
  const gap = cur.baseline - prev.baseline;
  // Spacing is the region's usual line pitch; a large heading's lines are farther apart.
  if (gap > 1.45 * Math.max(spacing, 1.2 * em) || gap < -0.5 * em) return true;
  if (Math.abs(cur.size - prev.size) > 0.15 * em) return true;
  const width = region.x1 - region.x0;
  const short = prev.x1 < region.x1 - Math.max(2 * em, 0.12 * width);
  if (short && /[.!?:;"”)]$/u.test(prev.text.trim())) return true;
  if (style.hanging) return !indented(cur, region) && indented(prev, region);
  // A first-line indent: this line is indented, the one before and the one after are not.
  return indented(cur, region) && !indented(prev, region) && !indented(lines[i + 1], region);
}

/** Paragraph texts of one region, normalised, in reading order. */
export function paragraphsOf(region: Region, vocabulary: Vocabulary): string[] {
  const lines = region.lines;
  const spacing = lineSpacing(lines);
  const paragraphs: string[] = [];
  let text = '';
  let softHyphen = false;
  const indentedShare = lines.filter((l) => indented(l, region)).length / Math.max(1, lines.length);
  const style: Indents = { hanging: lines.length >= 4 && indentedShare >= 0.4 };
  lines.forEach((line, i) => {
    if (i > 0 && startsParagraph(lines, i, region, spacing, style)) {
      paragraphs.push(text);
      text = '';
      softHyphen = false;
    }
    const clean = tidySpaces(normalizeText(line.text));
    if (isGlyphNoise(clean)) return;
    // A soft hyphen ending the previous line marks a hyphenation point: join without a doubt.
    text = softHyphen ? text + clean : appendLine(text, clean, vocabulary);
    softHyphen = /\u00AD\s*$/u.test(line.text);
  });
  paragraphs.push(text);
  return paragraphs.map(tidySpaces).filter((p) => p.length > 0);
}

/** The normalised text of every line, for building the document's vocabulary. */
export function lineTexts(regions: readonly Region[]): string[] {
  return regions.flatMap((r) => r.lines.map((l) => normalizeText(l.text)));
}
