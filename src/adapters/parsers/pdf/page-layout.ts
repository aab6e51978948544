import { readingOrder } from './columns';
import { buildFragments } from './fragments';
import type { Line, Region, TextRun } from './layout-types';
import { repairSpaceSubstitutes } from './space-substitutes';
import { measureText, type TextQuality } from './text-quality';
import { toRunFrames, type RawTextItem } from './text-runs';

/**
 * One page's text layer → regions in reading order, plus a measure of how readable it is.
 */

export interface PageLayout {
  regions: Region[];
  quality: TextQuality;
  /** Characters that stood in for spaces and were repaired (e.g. '#'). */
  repairedSpaces: string[];
}

/** Vertical writing: each run stack is a column of text, read top to bottom, right to left. */
function verticalRegion(runs: readonly TextRun[]): Region {
  const columns: Array<{ x: number; size: number; runs: TextRun[] }> = [];
  for (const run of [...runs].sort((a, b) => b.x - a.x || a.y - b.y)) {
    const column = columns.find((c) => Math.abs(c.x - run.x) <= 0.5 * Math.max(c.size, run.size));
    if (column) column.runs.push(run);
    else columns.push({ x: run.x, size: run.size, runs: [run] });
  }
  const lines: Line[] = columns.map((c, i) => ({
    text: c.runs
      .sort((a, b) => a.y - b.y)
      .map((r) => r.text)
      .join(''),
    // Synthetic geometry: one "line" per column, evenly spaced, so paragraphing reads them in order.
    x0: 0,
    x1: 1,
    baseline: i * c.size * 1.2,
    size: c.size,
  }));
  return { lines, x0: 0, x1: 1 };
}

export function layoutPage(items: readonly RawTextItem[], viewportTransform: number[], verticalFonts: ReadonlySet<string>): PageLayout {
  const regions: Region[] = [];
  const repaired = new Set<string>();
  const texts: string[] = [];
  for (const frame of toRunFrames(items, viewportTransform, verticalFonts)) {
    const fixed = repairSpaceSubstitutes(frame.runs);
    fixed.repaired.forEach((ch) => repaired.add(ch));
    texts.push(...fixed.runs.map((r) => r.text));
    if (frame.vertical) regions.push(verticalRegion(fixed.runs));
    else regions.push(...readingOrder(buildFragments(fixed.runs)));
  }
  return { regions, quality: measureText(texts.join(' ').normalize('NFKC')), repairedSpaces: [...repaired] };
}
