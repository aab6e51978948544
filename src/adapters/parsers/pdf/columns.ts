import type { Fragment, Line, Region } from './layout-types';
import { maxOf, median, minOf } from './numbers';

/**
 * Reading order: finds column gutters (vertical bands free of glyphs wherever the page is set
 * in columns) and reads column by column, so a two-column paper never interleaves its columns.
 * Text that crosses every gutter (a title, a full-width figure caption) cuts the page into
 * horizontal bands; each band is read left column first, then the next, and so on.
 */

interface Gutter {
  a: number;
  b: number;
  /** Least share of the text's height that is free of glyphs anywhere across the band. */
  emptiness: number;
}

const MAX_DEPTH = 2;
const MAX_FRAGMENTS = 5000;
/**
 * Share of the text's height a gutter must be free of glyphs over. Low, because full-width
 * figures and titles cross it; the columns beside it are then checked for being prose.
 */
const MIN_GUTTER_EMPTINESS = 0.3;
/** How much less clear than its clearest point a gutter band may be. */
const PEAK_SLACK = 0.15;
/** A gutter this free of glyphs needs no proof that the text beside it is prose. */
const CLEAR_GUTTER = 0.95;
/** Share of the text's height each column must fill. */
const MIN_COLUMN_HEIGHT = 0.2;
/** Narrowest column, in font sizes: prose columns are 20–40 em wide. */
const MIN_COLUMN_EMS = 12;

function top(f: Fragment): number {
  return f.baseline - 0.8 * f.size;
}
function bottom(f: Fragment): number {
  return f.baseline + 0.25 * f.size;
}

/** Length of the union of [start, end] intervals. */
function unionLength(intervals: Array<[number, number]>): number {
  if (intervals.length === 0) return 0;
  const sorted = [...intervals].sort((p, q) => p[0] - q[0]);
  let total = 0;
  let [start, end] = sorted[0] ?? [0, 0];
  for (const [s, e] of sorted.slice(1)) {
    if (s > end) {
      total += end - start;
      start = s;
      end = e;
    } else end = Math.max(end, e);
  }
  return total + (end - start);
}

function verticalExtent(fragments: readonly Fragment[]): number {
  return unionLength(fragments.map((f) => [top(f), bottom(f)]));
}

/** Bands of x with few glyphs above or below: candidate gutters, widest first. */
function findGutterCandidates(fragments: readonly Fragment[]): Gutter[] {
  const x0 = minOf(fragments, (f) => f.x0);
  const x1 = maxOf(fragments, (f) => f.x1);
  const width = x1 - x0;
  const total = verticalExtent(fragments);
  if (width <= 0 || total <= 0) return [];
  const em = median(fragments.map((f) => f.size)) ?? 0;
  // A quarter em resolves the narrowest gutter (0.6 em) with a few samples.
  const step = Math.max(1, width / 600, 0.25 * em);
  const open: boolean[] = [];
  const emptiness: number[] = [];
  const xs: number[] = [];
  // Only the interior can hold a gutter: a band at the edge is a margin.
  for (let x = x0 + 0.12 * width; x <= x1 - 0.12 * width; x += step) {
    const crossing = fragments.filter((f) => f.x0 < x && f.x1 > x);
    const covered = unionLength(crossing.map((f) => [top(f), bottom(f)]));
    xs.push(x);
    emptiness.push(1 - covered / total);
    open.push(1 - covered / total >= MIN_GUTTER_EMPTINESS);
  }
  const gutters: Gutter[] = [];
  let start = -1;
  for (let i = 0; i <= open.length; i++) {
    if (open[i] && start < 0) start = i;
    if (!open[i] && start >= 0) {
      // Beside a figure-heavy column the open band reaches into the column; the gutter is the
      // clearest part of it, around its emptiest point.
      const run = emptiness.slice(start, i);
      const peak = maxOf(run, (e) => e);
      let lo = start + run.indexOf(peak);
      let hi = lo;
      while (lo > start && (emptiness[lo - 1] ?? 0) >= peak - PEAK_SLACK) lo--;
      while (hi < i - 1 && (emptiness[hi + 1] ?? 0) >= peak - PEAK_SLACK) hi++;
      const a = xs[lo] ?? 0;
      const b = (xs[hi] ?? a) + step;
      if (b - a >= Math.max(0.6 * em, 3)) gutters.push({ a, b, emptiness: minOf(emptiness.slice(lo, hi + 1), (e) => e) });
      start = -1;
    }
  }
  return gutters.sort((g, h) => h.b - h.a - (g.b - g.a));
}

/** Which column a fragment belongs to, or -1 when it covers a gutter (full-width text). */
function columnOf(f: Fragment, gutters: readonly Gutter[]): number {
  const slack = 0.5 * f.size;
  for (const g of gutters) if (f.x0 <= g.a + slack && f.x1 >= g.b - slack) return -1;
  const center = (f.x0 + f.x1) / 2;
  let column = 0;
  for (const g of gutters) if (center > (g.a + g.b) / 2) column++;
  return column;
}

/**
 * Columns are prose-like: each holds a fair share of the text's height, is wide enough for prose
 * (a code listing's "code | comment" split is not), and most of its text sits in lines that fill
 * its width. Forms and tables with a label column fail this and are read row by row instead,
 * which keeps each label next to its value. Text crossing the gutter (titles, full-width figures)
 * does not count against it: it is read as bands between the columns.
 */
function validColumns(fragments: readonly Fragment[], gutters: readonly Gutter[]): boolean {
  const total = verticalExtent(fragments);
  const em = median(fragments.map((f) => f.size)) ?? 0;
  const columns: Fragment[][] = gutters.map(() => []);
  columns.push([]);
  for (const f of fragments) {
    const c = columnOf(f, gutters);
    if (c >= 0) columns[c]?.push(f);
  }
  return columns.every((col) => {
    if (col.length < 3) return false;
    if (verticalExtent(col) < MIN_COLUMN_HEIGHT * total) return false;
    const left = minOf(col, (f) => f.x0);
    const right = maxOf(col, (f) => f.x1);
    if (right - left < MIN_COLUMN_EMS * em) return false;
    // A gutter clear from top to bottom is a column break even beside figure-heavy columns.
    if (gutters.every((g) => g.emptiness >= CLEAR_GUTTER)) return true;
    // Weighted by characters, so a figure's many short labels do not outvote the prose around it.
    const chars = col.reduce((n, f) => n + f.text.length, 0);
    const wide = col.filter((f) => f.x1 - f.x0 >= 0.6 * (right - left)).reduce((n, f) => n + f.text.length, 0);
    return wide / chars >= 0.5;
  });
}

function chooseGutters(fragments: readonly Fragment[]): Gutter[] {
  const candidates = findGutterCandidates(fragments);
  if (candidates.length === 0) return [];
  const all = [...candidates].sort((g, h) => g.a - h.a);
  if (all.length > 1 && all.length <= 4 && validColumns(fragments, all)) return all;
  for (const g of candidates) if (validColumns(fragments, [g])) return [g];
  return [];
}

/** Fragments with no columns among them → lines, top to bottom. */
export function linesOf(fragments: readonly Fragment[]): Line[] {
  const byBaseline = new Map<number, Fragment[]>();
  for (const f of fragments) {
    const list = byBaseline.get(f.baseline) ?? [];
    list.push(f);
    byBaseline.set(f.baseline, list);
  }
  const lines: Line[] = [];
  for (const [baseline, list] of byBaseline) {
    const rtl = list.every((f) => f.runs.every((r) => r.rtl));
    list.sort((p, q) => (rtl ? q.x0 - p.x0 : p.x0 - q.x0));
    lines.push({
      text: list.map((f) => f.text).join(' '),
      x0: minOf(list, (f) => f.x0),
      x1: maxOf(list, (f) => f.x1),
      baseline,
      size: maxOf(list, (f) => f.size),
    });
  }
  return lines.sort((p, q) => p.baseline - q.baseline || p.x0 - q.x0);
}

function regionOf(fragments: readonly Fragment[]): Region {
  const lines = linesOf(fragments);
  return { lines, x0: minOf(lines, (l) => l.x0), x1: maxOf(lines, (l) => l.x1) };
}

/** Regions in reading order. */
export function readingOrder(fragments: readonly Fragment[], depth = 0): Region[] {
  if (fragments.length === 0) return [];
  // Column search costs fragments × samples; a page with thousands of fragments is a table or
  // a hostile file, read top to bottom.
  if (fragments.length < 6 || fragments.length > MAX_FRAGMENTS || depth > MAX_DEPTH) return [regionOf(fragments)];
  const gutters = chooseGutters(fragments);
  if (gutters.length === 0) return [regionOf(fragments)];

  const regions: Region[] = [];
  let columns: Fragment[][] = [];
  let spanning: Fragment[] = [];
  const flushColumns = (): void => {
    for (const col of columns) if (col.length > 0) regions.push(...readingOrder(col, depth + 1));
    columns = [];
  };
  const flushSpanning = (): void => {
    if (spanning.length > 0) regions.push(...readingOrder(spanning, depth + 1));
    spanning = [];
  };
  const sorted = [...fragments].sort((p, q) => top(p) - top(q) || p.x0 - q.x0);
  for (const f of sorted) {
    const c = columnOf(f, gutters);
    if (c < 0) {
      flushColumns();
      spanning.push(f);
    } else {
      flushSpanning();
      while (columns.length <= c) columns.push([]);
      columns[c]?.push(f);
    }
  }
  flushColumns();
  flushSpanning();
  return regions;
}
