import type { TextRun } from './layout-types';

/**
 * pdf.js text items → runs in reading frames. A page can hold text in several orientations
 * (a landscape table on a portrait page, a rotated margin note, CJK vertical writing); each
 * orientation becomes its own frame, rotated so its text runs left to right, and the frames are
 * read one after the other, the largest first.
 */

/** The fields of a pdf.js `TextItem` this code uses. */
export interface RawTextItem {
  str: string;
  dir: string;
  transform: number[];
  width: number;
  height: number;
  fontName: string;
}

export interface RunFrame {
  /** Vertical writing (top to bottom, columns right to left). */
  vertical: boolean;
  runs: TextRun[];
  chars: number;
}

export function isRawTextItem(item: unknown): item is RawTextItem {
  if (typeof item !== 'object' || item === null) return false;
  const i = item as Partial<RawTextItem>;
  return typeof i.str === 'string' && Array.isArray(i.transform) && typeof i.width === 'number';
}

type Matrix = [number, number, number, number, number, number];

function multiply(m1: Matrix, m2: Matrix): Matrix {
  return [
    m1[0] * m2[0] + m1[2] * m2[1],
    m1[1] * m2[0] + m1[3] * m2[1],
    m1[0] * m2[2] + m1[2] * m2[3],
    m1[1] * m2[2] + m1[3] * m2[3],
    m1[0] * m2[4] + m1[2] * m2[5] + m1[4],
    m1[1] * m2[4] + m1[3] * m2[5] + m1[5],
  ];
}

function asMatrix(values: number[]): Matrix | null {
  if (values.length < 6 || values.slice(0, 6).some((v) => !Number.isFinite(v))) return null;
  return [values[0] ?? 0, values[1] ?? 0, values[2] ?? 0, values[3] ?? 0, values[4] ?? 0, values[5] ?? 0];
}

/**
 * Groups items by orientation. `viewportTransform` is the page viewport's transform at scale 1,
 * which maps PDF space to display space (y down, page /Rotate applied). `verticalFonts` names the
 * fonts pdf.js reports as vertical.
 */
export function toRunFrames(items: readonly RawTextItem[], viewportTransform: number[], verticalFonts: ReadonlySet<string>): RunFrame[] {
  const view = asMatrix(viewportTransform);
  if (!view) return [];
  const horizontal = new Map<number, RunFrame>();
  const vertical: RunFrame = { vertical: true, runs: [], chars: 0 };
  for (const item of items) {
    if (item.str.length === 0) continue;
    const own = asMatrix(item.transform);
    if (!own) continue;
    const m = multiply(view, own);
    const size = Math.hypot(m[2], m[3]);
    if (!(size > 0.1) || size > 2000) continue;
    if (verticalFonts.has(item.fontName) || item.dir === 'ttb') {
      // Vertical runs advance downwards; x is the column, y the start of the run.
      vertical.runs.push({ text: item.str, x: m[4], y: m[5], width: Math.abs(item.height), size, fontName: item.fontName, rtl: false });
      vertical.chars += item.str.length;
      continue;
    }
    const angle = Math.atan2(m[1], m[0]);
    // Orientation in whole degrees: runs of one line share it exactly, and a degree of skew
    // (scans, hand-placed text) still reads as one frame.
    const degrees = ((Math.round((angle * 180) / Math.PI) % 360) + 360) % 360;
    const key = [0, 90, 180, 270, 360].find((d) => Math.abs(degrees - d) <= 2) ?? degrees;
    const frameKey = key === 360 ? 0 : key;
    const theta = (frameKey * Math.PI) / 180;
    const cos = Math.cos(theta);
    const sin = Math.sin(theta);
    // Rotating by -theta makes this orientation's baselines horizontal.
    const x = m[4] * cos + m[5] * sin;
    const y = -m[4] * sin + m[5] * cos;
    let frame = horizontal.get(frameKey);
    if (!frame) {
      frame = { vertical: false, runs: [], chars: 0 };
      horizontal.set(frameKey, frame);
    }
    frame.runs.push({ text: item.str, x, y, width: Math.max(0, item.width), size, fontName: item.fontName, rtl: item.dir === 'rtl' });
    frame.chars += item.str.trim().length;
  }
  const frames = [...horizontal.values()];
  if (vertical.runs.length > 0) frames.push(vertical);
  return frames.filter((f) => f.chars > 0).sort((a, b) => b.chars - a.chars);
}
