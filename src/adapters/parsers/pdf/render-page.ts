import { createCanvas } from '@napi-rs/canvas';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Renders a page to a PNG for OCR, with @napi-rs/canvas (the canvas pdf.js 5 itself uses in
 * Node). The resolution is capped by pixel count so a poster-sized page cannot allocate gigabytes.
 */

type RenderContext = Parameters<PDFPageProxy['render']>[0]['canvasContext'];

export interface RenderLimits {
  dpi: number;
  /** Largest bitmap, in pixels. */
  maxPixels: number;
}

export async function renderPageToPng(page: PDFPageProxy, limits: RenderLimits): Promise<Buffer> {
  const base = page.getViewport({ scale: 1 });
  let scale = limits.dpi / 72;
  const pixels = base.width * base.height * scale * scale;
  if (pixels > limits.maxPixels) scale *= Math.sqrt(limits.maxPixels / pixels);
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.max(1, Math.ceil(viewport.width)), Math.max(1, Math.ceil(viewport.height)));
  const context = canvas.getContext('2d');
  // OCR wants dark ink on white; a transparent background would read as black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  // pdf.js types its canvas as the DOM's; @napi-rs/canvas implements the part it uses.
  const task = page.render({ canvas: null, canvasContext: context as unknown as RenderContext, viewport, background: '#ffffff' });
  await task.promise;
  return canvas.toBuffer('image/png');
}
