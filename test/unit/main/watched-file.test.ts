import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { watchedFileToOpen } from '../../../src/main/watched-file';

// A watched folder, a sibling folder that is not watched, and links from one to the other.
const base = realpathSync(mkdtempSync(join(tmpdir(), 'kb-open-')));
const watched = join(base, 'notes');
const outside = join(base, 'private');
mkdirSync(join(watched, 'sub'), { recursive: true });
mkdirSync(outside);
writeFileSync(join(watched, 'sub', 'plan.md'), '# Plan\n');
writeFileSync(join(outside, 'secret.txt'), 'not yours\n');
symlinkSync(join(outside, 'secret.txt'), join(watched, 'link-out.txt'));
symlinkSync(outside, join(watched, 'dir-out'));
symlinkSync(join(watched, 'sub', 'plan.md'), join(watched, 'link-in.md'));
const folders = [{ folder_id: 'fld_1', path: watched }];

describe('which file a window may open', () => {
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('opens a file inside a watched folder, and a link that stays inside', async () => {
    expect(await watchedFileToOpen(folders, 'fld_1', 'sub/plan.md')).toBe(join(watched, 'sub', 'plan.md'));
    expect(await watchedFileToOpen(folders, 'fld_1', 'link-in.md')).toBe(join(watched, 'sub', 'plan.md'));
  });

  it('refuses .. and links that lead out of the folder', async () => {
    expect(await watchedFileToOpen(folders, 'fld_1', '../private/secret.txt')).toBeNull();
    expect(await watchedFileToOpen(folders, 'fld_1', 'sub/../../private/secret.txt')).toBeNull();
    expect(await watchedFileToOpen(folders, 'fld_1', 'link-out.txt')).toBeNull();
    expect(await watchedFileToOpen(folders, 'fld_1', 'dir-out/secret.txt')).toBeNull();
  });

  it('refuses absolute paths, unknown folders, directories, missing files and non-strings', async () => {
    expect(await watchedFileToOpen(folders, 'fld_1', join(watched, 'sub', 'plan.md'))).toBeNull();
    expect(await watchedFileToOpen(folders, 'fld_2', 'sub/plan.md')).toBeNull();
    expect(await watchedFileToOpen(folders, 'fld_1', 'sub')).toBeNull();
    expect(await watchedFileToOpen(folders, 'fld_1', '')).toBeNull();
    expect(await watchedFileToOpen(folders, 'fld_1', 'sub/missing.md')).toBeNull();
    expect(await watchedFileToOpen(folders, 'fld_1', 'sub/plan.md\0.txt')).toBeNull();
    expect(await watchedFileToOpen(folders, 1, 'sub/plan.md')).toBeNull();
    expect(await watchedFileToOpen(folders, 'fld_1', ['sub', 'plan.md'])).toBeNull();
  });
});
