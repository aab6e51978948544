import { readFileSync, writeFileSync } from 'node:fs';

export interface WindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
}

export interface WindowState {
  bounds: WindowBounds;
  maximized: boolean;
}

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const DEFAULT_STATE: WindowState = { bounds: { width: 1280, height: 820 }, maximized: false };
const MIN = { width: 720, height: 480 };

/**
 * The window's last size and place, read from a JSON file in the user data folder. A broken file
 * or a place on a display that is gone (a laptop undocked) falls back to a centred default,
 * so the window never opens off-screen.
 */
export function loadWindowState(file: string, displays: Area[]): WindowState {
  let saved: Partial<WindowState> = {};
  try {
    saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<WindowState>;
  } catch {
    return DEFAULT_STATE;
  }
  const b = saved.bounds;
  if (!b || !Number.isFinite(b.width) || !Number.isFinite(b.height)) return DEFAULT_STATE;
  const bounds: WindowBounds = { width: Math.max(MIN.width, Math.round(b.width)), height: Math.max(MIN.height, Math.round(b.height)) };
  if (Number.isFinite(b.x) && Number.isFinite(b.y) && displays.some((d) => visibleOn({ ...bounds, x: b.x ?? 0, y: b.y ?? 0 }, d))) {
    bounds.x = Math.round(b.x ?? 0);
    bounds.y = Math.round(b.y ?? 0);
  }
  return { bounds, maximized: saved.maximized === true };
}

/** At least the title bar's first 100 by 40 pixels must be on the display. */
function visibleOn(b: Required<WindowBounds>, d: Area): boolean {
  return b.x + 100 <= d.x + d.width && b.x + b.width - 100 >= d.x && b.y >= d.y && b.y + 40 <= d.y + d.height;
}

export function saveWindowState(file: string, state: WindowState): void {
  try {
    writeFileSync(file, JSON.stringify(state));
  } catch {
    // Losing the window's place is not worth failing a quit over.
  }
}
