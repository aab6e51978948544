import type { Fragment, TextRun } from './layout-types';
import { maxOf, minOf } from './numbers';

/**
 * Runs → fragments: runs on one baseline, cut wherever the horizontal gap is wide enough to be a
 * column gutter or a table gap. Cutting first and deciding about columns later keeps two lines
 * of neighbouring columns that share a baseline from ever becoming one line.
 */

/** A gap wider than this many font sizes separates fragments. */
const SPLIT_GAP_EM = 1.2;
/** A gap wider than this many font sizes between runs is a word space pdf.js did not emit. */
const SPACE_GAP_EM = 0.15;

interface Baseline {
  y: number;
  size: number;
  runs: TextRun[];
}

function isBlank(run: TextRun): boolean {
  return run.text.trim().length === 0;
}

/**
 * Clusters runs by baseline; superscripts and subscripts join the line they sit on. Blank runs
 * (pdf.js's own word spaces) join a line but never start one.
 */
function clusterBaselines(runs: readonly TextRun[]): Baseline[] {
  const sorted = [...runs].sort((a, b) => a.y - b.y || a.x - b.x);
  const lines: Baseline[] = [];
  // Lines stay open while later runs could still belong to them; the window is small because
  // runs are sorted by y.
  const open: Baseline[] = [];
  for (const run of sorted) {
    let target: Baseline | undefined;
    let best = Infinity;
    for (const line of open) {
      const tolerance = 0.45 * Math.max(line.size, run.size);
      const d = Math.abs(run.y - line.y);
      if (d <= tolerance && d < best) {
        best = d;
        target = line;
      }
    }
    if (target) {
      target.runs.push(run);
      if (isBlank(run)) continue;
      // The baseline is the one of the line's largest text, so a superscript does not pull it.
      if (run.size > target.size * 1.05) {
        target.size = run.size;
        target.y = run.y;
      }
    } else if (!isBlank(run)) {
      target = { y: run.y, size: run.size, runs: [run] };
      lines.push(target);
      open.push(target);
    }
    // Forget lines that are now far above.
    for (let i = open.length - 1; i >= 0; i--) {
      const line = open[i];
      if (line && run.y - line.y > 2 * Math.max(line.size, run.size)) open.splice(i, 1);
    }
  }
  return lines;
}

function dominantSize(runs: readonly TextRun[]): number {
  const weight = new Map<number, number>();
  for (const r of runs) {
    const key = Math.round(r.size * 10) / 10;
    weight.set(key, (weight.get(key) ?? 0) + r.text.length);
  }
  let best = 0;
  let bestWeight = -1;
  for (const [size, w] of weight) {
    if (w > bestWeight) {
      best = size;
      bestWeight = w;
    }
  }
  return best;
}

function isDuplicate(a: TextRun, b: TextRun): boolean {
  // Fake bold: the same text drawn twice with a tiny offset, overlapping itself. A repeated
  // letter ("l", "l") sits a whole advance further and is kept.
  const offset = Math.min(0.2 * a.size, Math.max(0.5 * a.width, 0.05 * a.size));
  return a.text === b.text && Math.abs(a.x - b.x) < offset && Math.abs(a.y - b.y) < 0.2 * a.size;
}

function makeFragment(runs: TextRun[], baseline: number, rtl: boolean): Fragment {
  let text = '';
  let prev: TextRun | undefined;
  for (const run of runs) {
    if (prev) {
      // pdf.js usually emits word spaces itself; a gap without one is a space it missed.
      const gap = rtl ? prev.x - (run.x + run.width) : run.x - (prev.x + prev.width);
      const needsSpace = gap > SPACE_GAP_EM * Math.min(prev.size, run.size) && !/\s$/u.test(text) && !/^\s/u.test(run.text);
      if (needsSpace) text += ' ';
    }
    text += run.text;
    prev = run;
  }
  const x0 = minOf(runs, (r) => r.x);
  const x1 = maxOf(runs, (r) => r.x + r.width);
  return { runs, text, x0, x1, baseline, size: dominantSize(runs) };
}

/** Fragments of a horizontal frame, in no particular order. */
export function buildFragments(runs: readonly TextRun[]): Fragment[] {
  const fragments: Fragment[] = [];
  for (const line of clusterBaselines(runs)) {
    const rtlChars = line.runs.filter((r) => r.rtl).reduce((n, r) => n + r.text.length, 0);
    const ltrChars = line.runs.reduce((n, r) => n + r.text.length, 0) - rtlChars;
    const rtl = rtlChars > ltrChars;
    const ordered = [...line.runs].sort((a, b) => (rtl ? b.x + b.width - (a.x + a.width) : a.x - b.x));
    let current: TextRun[] = [];
    let edge = 0;
    let spaced = false;
    for (const orderedRun of ordered) {
      let run = orderedRun;
      const last = current[current.length - 1];
      if (isBlank(run)) {
        // A space pdf.js found after the text so far: keep it, whatever the gap's width.
        if (last && (rtl ? run.x + run.width <= edge + 0.5 * run.size : run.x >= edge - 0.5 * run.size)) spaced = true;
        continue;
      }
      if (last && isDuplicate(last, run)) continue;
      if (spaced) run = { ...run, text: ` ${run.text}` };
      spaced = false;
      if (last) {
        const gap = rtl ? edge - (run.x + run.width) : run.x - edge;
        if (gap > SPLIT_GAP_EM * Math.max(line.size, run.size)) {
          fragments.push(makeFragment(current, line.y, rtl));
          current = [];
        }
      }
      current.push(run);
      edge = current.length === 1 ? (rtl ? run.x : run.x + run.width) : rtl ? Math.min(edge, run.x) : Math.max(edge, run.x + run.width);
    }
    if (current.length > 0) fragments.push(makeFragment(current, line.y, rtl));
  }
  return fragments;
}
