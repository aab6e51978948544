// Makes the desktop app's icons for the three systems from build/icon.svg (npm run build:icons):
// build/icon.png (Linux, and electron-builder's fallback), build/icon.icns (macOS), build/icon.ico
// (Windows). The outputs are committed; rerun this after changing the drawing.
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './build-state.mjs';

const buildDir = join(root, 'build');
const svg = readFileSync(join(buildDir, 'icon.svg'), 'utf8');

/** The drawing rasterised at `size` pixels square (the vector drawn at that size, not a scaled bitmap). */
async function render(size) {
  const sized = svg.replace(/width="1024" height="1024"/, `width="${size}" height="${size}"`);
  const image = await loadImage(Buffer.from(sized));
  const canvas = createCanvas(size, size);
  canvas.getContext('2d').drawImage(image, 0, 0, size, size);
  return canvas;
}

// Apple's PNG-based icon types: each names a pixel size (the @2x ones are the Retina variants).
const ICNS_TYPES = [
  ['icp4', 16], ['icp5', 32], ['icp6', 64], ['ic07', 128], ['ic08', 256], ['ic09', 512],
  ['ic10', 1024], ['ic11', 32], ['ic12', 64], ['ic13', 256], ['ic14', 512],
];

/** An ICNS container: 'icns', the total length, then (type, length with header, PNG) per image. */
function icns(pngBySize) {
  const chunks = ICNS_TYPES.map(([type, size]) => {
    const png = pngBySize.get(size);
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + chunks.reduce((sum, c) => sum + c.length, 0), 4);
  return Buffer.concat([head, ...chunks]);
}

/**
 * A 32-bit BMP as an ICO stores it: the info header with the height doubled (image plus mask),
 * rows bottom-up in BGRA, then a 1-bit AND mask left empty since the alpha channel says it all.
 */
function icoBitmap(canvas) {
  const { width: w, height: h } = canvas;
  const rgba = canvas.getContext('2d').getImageData(0, 0, w, h).data;
  const maskRow = Math.ceil(w / 32) * 4;
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(w, 4);
  header.writeInt32LE(h * 2, 8);
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(32, 14);
  header.writeUInt32LE(w * h * 4 + maskRow * h, 20);
  const pixels = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const from = (y * w + x) * 4;
      const to = ((h - 1 - y) * w + x) * 4;
      pixels[to] = rgba[from + 2];
      pixels[to + 1] = rgba[from + 1];
      pixels[to + 2] = rgba[from];
      pixels[to + 3] = rgba[from + 3];
    }
  }
  return Buffer.concat([header, pixels, Buffer.alloc(maskRow * h)]);
}

/** An ICO container: small sizes as bitmaps (every Windows tool reads them), 256 as PNG (as Windows does). */
function ico(images) {
  const head = Buffer.alloc(6 + 16 * images.length);
  head.writeUInt16LE(0, 0);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(images.length, 4);
  let offset = head.length;
  images.forEach(({ size, data }, i) => {
    const entry = 6 + 16 * i;
    head.writeUInt8(size >= 256 ? 0 : size, entry);
    head.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    head.writeUInt16LE(1, entry + 4);
    head.writeUInt16LE(32, entry + 6);
    head.writeUInt32LE(data.length, entry + 8);
    head.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([head, ...images.map((image) => image.data)]);
}

const pngBySize = new Map();
for (const size of [16, 32, 64, 128, 256, 512, 1024]) pngBySize.set(size, (await render(size)).toBuffer('image/png'));
const icoImages = [];
for (const size of [16, 24, 32, 48, 64, 128]) icoImages.push({ size, data: icoBitmap(await render(size)) });
icoImages.push({ size: 256, data: pngBySize.get(256) });

writeFileSync(join(buildDir, 'icon.png'), pngBySize.get(1024));
writeFileSync(join(buildDir, 'icon.icns'), icns(pngBySize));
writeFileSync(join(buildDir, 'icon.ico'), ico(icoImages));
console.log('Wrote build/icon.png, build/icon.icns, build/icon.ico');
