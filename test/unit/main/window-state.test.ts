import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_STATE, loadWindowState, saveWindowState } from '../../../src/main/window-state';

const dir = mkdtempSync(join(tmpdir(), 'kb-window-'));
const file = join(dir, 'window-state.json');
const laptop = [{ x: 0, y: 0, width: 1440, height: 900 }];

describe('remembered window state', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('restores size, place and maximised state as saved', () => {
    saveWindowState(file, { bounds: { x: 100, y: 60, width: 1000, height: 700 }, maximized: true });
    expect(loadWindowState(file, laptop)).toEqual({ bounds: { x: 100, y: 60, width: 1000, height: 700 }, maximized: true });
  });

  it('keeps the size but drops a place on a display that is gone', () => {
    saveWindowState(file, { bounds: { x: 2200, y: 100, width: 1200, height: 800 }, maximized: false });
    expect(loadWindowState(file, laptop)).toEqual({ bounds: { width: 1200, height: 800 }, maximized: false });
    const docked = [...laptop, { x: 1440, y: 0, width: 2560, height: 1440 }];
    expect(loadWindowState(file, docked).bounds).toEqual({ x: 2200, y: 100, width: 1200, height: 800 });
  });

  it('falls back to the default for a missing or broken file and never goes below the minimum size', () => {
    expect(loadWindowState(join(dir, 'missing.json'), laptop)).toEqual(DEFAULT_STATE);
    writeFileSync(file, '{not json');
    expect(loadWindowState(file, laptop)).toEqual(DEFAULT_STATE);
    writeFileSync(file, JSON.stringify({ bounds: { width: 10, height: 10 } }));
    expect(loadWindowState(file, laptop).bounds).toEqual({ width: 720, height: 480 });
  });
});
