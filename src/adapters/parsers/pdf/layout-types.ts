/**
 * The geometry the reading-order code works on. It is independent of pdf.js so the layout logic
 * can be tested with hand-made pages. Coordinates are page units (1/72 in) in a frame where text
 * runs left to right and y grows downwards.
 */

/** One piece of text pdf.js drew with a single font at a single position. */
export interface TextRun {
  text: string;
  /** Start of the baseline. */
  x: number;
  y: number;
  /** Advance along the baseline. */
  width: number;
  /** Font size (em height) in page units. */
  size: number;
  fontName: string;
  rtl: boolean;
}

/** Runs on one baseline with no wide gap between them: part of a line within one column. */
export interface Fragment {
  runs: TextRun[];
  text: string;
  x0: number;
  x1: number;
  baseline: number;
  /** Dominant font size. */
  size: number;
}

/** A line of a column in reading order. */
export interface Line {
  text: string;
  x0: number;
  x1: number;
  baseline: number;
  size: number;
}

/** A column (or full-width band) whose lines are read top to bottom. */
export interface Region {
  lines: Line[];
  x0: number;
  x1: number;
}
