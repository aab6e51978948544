import { describe, expect, it } from 'vitest';
import { unpackedPath } from '../../../src/adapters/sqlite/unpacked-path';

describe('native files of the packaged app', () => {
  it('loads a native file from beside the archive, on every system', () => {
    expect(unpackedPath('/opt/Knowledge Desk/resources/app.asar/node_modules/sqlite-vec-linux-x64/vec0.so')).toBe(
      '/opt/Knowledge Desk/resources/app.asar.unpacked/node_modules/sqlite-vec-linux-x64/vec0.so',
    );
    expect(unpackedPath('C:\\Program Files\\Knowledge Desk\\resources\\app.asar\\node_modules\\sqlite-vec-windows-x64\\vec0.dll')).toBe(
      'C:\\Program Files\\Knowledge Desk\\resources\\app.asar.unpacked\\node_modules\\sqlite-vec-windows-x64\\vec0.dll',
    );
  });

  it('leaves a path outside an archive alone', () => {
    const fromSource = '/home/me/knowledge-desk/node_modules/sqlite-vec-linux-x64/vec0.so';
    expect(unpackedPath(fromSource)).toBe(fromSource);
    expect(unpackedPath('/srv/my.app.asar.backup/vec0.so')).toBe('/srv/my.app.asar.backup/vec0.so');
  });
});
