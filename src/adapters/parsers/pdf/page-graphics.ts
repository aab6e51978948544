/**
 * What a page draws besides text, read from its pdf.js operator list: how much of the page images
 * cover (a scan is one page-sized image) and how many vector paths it fills (text converted to
 * outlines has no text layer but thousands of paths). Used only for pages whose text layer is
 * empty, sparse or unreadable, to decide whether OCR can find anything.
 */

export interface PageGraphics {
  /** Share of the page area covered by images, 0–1 (overlaps counted once per image). */
  imageCoverage: number;
  /** Path-construction operators: a proxy for text drawn as outlines. */
  paths: number;
}

export interface OperatorList {
  fnArray: number[];
  argsArray: unknown[];
}

/** The pdf.js `OPS` codes this analysis needs. */
export interface OpCodes {
  save: number;
  restore: number;
  transform: number;
  paintFormXObjectBegin: number;
  paintFormXObjectEnd: number;
  paintImageXObject: number;
  paintInlineImageXObject: number;
  paintImageMaskXObject: number;
  paintImageXObjectRepeat: number;
  paintInlineImageXObjectGroup: number;
  paintImageMaskXObjectGroup: number;
  paintImageMaskXObjectRepeat: number;
  paintSolidColorImageMask: number;
  constructPath: number;
}

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

function toMatrix(value: unknown): Matrix | null {
  if (!Array.isArray(value) && !ArrayBuffer.isView(value)) return null;
  const v = Array.from(value as ArrayLike<unknown>).slice(0, 6);
  if (v.length < 6 || v.some((n) => typeof n !== 'number' || !Number.isFinite(n))) return null;
  return v as Matrix;
}

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    n[0] * m[0] + n[1] * m[2],
    n[0] * m[1] + n[1] * m[3],
    n[2] * m[0] + n[3] * m[2],
    n[2] * m[1] + n[3] * m[3],
    n[4] * m[0] + n[5] * m[2] + m[4],
    n[4] * m[1] + n[5] * m[3] + m[5],
  ];
}

export function analyzeGraphics(ops: OperatorList, codes: OpCodes, pageArea: number): PageGraphics {
  const images = new Set([
    codes.paintImageXObject,
    codes.paintInlineImageXObject,
    codes.paintImageMaskXObject,
    codes.paintImageXObjectRepeat,
    codes.paintInlineImageXObjectGroup,
    codes.paintImageMaskXObjectGroup,
    codes.paintImageMaskXObjectRepeat,
    codes.paintSolidColorImageMask,
  ]);
  const stack: Matrix[] = [];
  let ctm: Matrix = IDENTITY;
  let imageArea = 0;
  let paths = 0;
  ops.fnArray.forEach((fn, i) => {
    const args = ops.argsArray[i];
    if (fn === codes.save) stack.push(ctm);
    else if (fn === codes.restore) ctm = stack.pop() ?? IDENTITY;
    else if (fn === codes.transform) {
      const m = toMatrix(args);
      if (m) ctm = multiply(ctm, m);
    } else if (fn === codes.paintFormXObjectBegin) {
      stack.push(ctm);
      const m = Array.isArray(args) ? toMatrix(args[0]) : null;
      if (m) ctm = multiply(ctm, m);
    } else if (fn === codes.paintFormXObjectEnd) ctm = stack.pop() ?? IDENTITY;
    else if (images.has(fn)) {
      // An image fills the unit square of the current transformation.
      imageArea += Math.abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]);
    } else if (fn === codes.constructPath) paths++;
  });
  return { imageCoverage: pageArea > 0 ? Math.min(1, imageArea / pageArea) : 0, paths };
}
