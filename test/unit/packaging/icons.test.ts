import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const buildDir = join(import.meta.dirname, '..', '..', '..', 'build');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's header chunk, or null when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE) || bytes.toString('ascii', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The images of an ICO file: the size its directory claims, and the size its data holds. */
function icoImages(bytes: Buffer): { claimed: number; actual: number; kind: 'png' | 'bmp' }[] {
  expect(bytes.readUInt16LE(0)).toBe(0);
  expect(bytes.readUInt16LE(2)).toBe(1);
  const images = [];
  for (let i = 0; i < bytes.readUInt16LE(4); i++) {
    const entry = 6 + 16 * i;
    const claimed = bytes.readUInt8(entry) || 256;
    const data = bytes.subarray(bytes.readUInt32LE(entry + 12), bytes.readUInt32LE(entry + 12) + bytes.readUInt32LE(entry + 8));
    const png = pngSize(data);
    if (png) {
      images.push({ claimed, actual: png.width, kind: 'png' as const });
    } else {
      // A bitmap: 40-byte info header, height doubled for the mask, 32 bits a pixel, then pixels and mask.
      expect(data.readUInt32LE(0)).toBe(40);
      const width = data.readInt32LE(4);
      expect(data.readInt32LE(8)).toBe(width * 2);
      expect(data.readUInt16LE(14)).toBe(32);
      expect(data.length).toBe(40 + width * width * 4 + Math.ceil(width / 32) * 4 * width);
      images.push({ claimed, actual: width, kind: 'bmp' as const });
    }
  }
  return images;
}

/** The images of an ICNS file by type, each a PNG of the given size. */
function icnsImages(bytes: Buffer): Map<string, number> {
  expect(bytes.toString('ascii', 0, 4)).toBe('icns');
  expect(bytes.readUInt32BE(4)).toBe(bytes.length);
  const images = new Map<string, number>();
  for (let at = 8; at < bytes.length; at += bytes.readUInt32BE(at + 4)) {
    const png = pngSize(bytes.subarray(at + 8, at + bytes.readUInt32BE(at + 4)));
    expect(png).not.toBeNull();
    images.set(bytes.toString('ascii', at, at + 4), png!.width);
  }
  return images;
}

describe('the desktop app icons (made by scripts/make-icons.mjs from build/icon.svg)', () => {
  it('has a 1024-pixel square PNG for Linux and as the fallback', () => {
    expect(pngSize(readFileSync(join(buildDir, 'icon.png')))).toEqual({ width: 1024, height: 1024 });
  });

  it('has a Windows icon with every size the shell shows, 256 included', () => {
    const images = icoImages(readFileSync(join(buildDir, 'icon.ico')));
    expect(images.map((i) => i.actual)).toEqual([16, 24, 32, 48, 64, 128, 256]);
    for (const image of images) expect(image.claimed).toBe(image.actual);
    expect(images.find((i) => i.actual === 256)?.kind).toBe('png');
  });

  it('has a macOS icon with each standard and Retina size from 16 to 1024', () => {
    const images = icnsImages(readFileSync(join(buildDir, 'icon.icns')));
    expect(Object.fromEntries(images)).toEqual({
      icp4: 16, icp5: 32, icp6: 64, ic07: 128, ic08: 256, ic09: 512, ic10: 1024, ic11: 32, ic12: 64, ic13: 256, ic14: 512,
    });
  });
});
