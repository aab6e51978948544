import type { TextRun } from './layout-types';

/**
 * Some fonts map the space glyph to another character: pr12564.pdf's Word export gives
 * "1101#Strayer#Drive", other producers give a control code. Per font, a character that stands
 * where spaces should be (frequent, between words, while real spaces are nearly absent) is turned
 * back into a space. Per font, because the same page's other fonts use '#' honestly.
 */

// Characters that are common inside normal words or numbers and so never stand in for spaces.
const NEVER_SPACE = new Set(['.', ',', '-', "'", '’', '/', ':', '(', ')', '@']);
const MIN_FONT_CHARS = 20;

interface FontTally {
  chars: number;
  spaces: number;
  /** Characters of scripts written without spaces (CJK, Thai), where few spaces prove nothing. */
  unspaced: number;
  candidates: Map<string, { count: number; betweenWords: number }>;
}

function tally(runs: readonly TextRun[]): Map<string, FontTally> {
  const fonts = new Map<string, FontTally>();
  for (const run of runs) {
    let t = fonts.get(run.fontName);
    if (!t) {
      t = { chars: 0, spaces: 0, unspaced: 0, candidates: new Map() };
      fonts.set(run.fontName, t);
    }
    const chars = [...run.text];
    chars.forEach((ch, i) => {
      t.chars++;
      if (ch === ' ') {
        t.spaces++;
        return;
      }
      if (/[\p{L}\p{N}]/u.test(ch)) {
        if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u.test(ch)) t.unspaced++;
        return;
      }
      // Brackets and quotes sit next to words by nature; they never stand in for spaces.
      if (NEVER_SPACE.has(ch) || /[\p{Ps}\p{Pe}\p{Pi}\p{Pf}]/u.test(ch)) return;
      const c = t.candidates.get(ch) ?? { count: 0, betweenWords: 0 };
      c.count++;
      const before = chars[i - 1] ?? '';
      const after = chars[i + 1] ?? '';
      // Inside a run, between word characters: "Strayer#Drive", "CA##95129".
      if (/[\p{L}\p{N}\p{P}]/u.test(before) && /[\p{L}\p{N}\p{P}]/u.test(after)) c.betweenWords++;
      t.candidates.set(ch, c);
    });
  }
  return fonts;
}

/** The substitute character of each font that has one. */
export function findSpaceSubstitutes(runs: readonly TextRun[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const [font, t] of tally(runs)) {
    if (t.chars < MIN_FONT_CHARS || t.unspaced > 0.3 * t.chars) continue;
    let best: { ch: string; count: number } | null = null;
    for (const [ch, c] of t.candidates) {
      const frequent = c.count >= 4 && c.count / t.chars >= 0.06;
      const displacesSpaces = t.spaces <= c.count / 4;
      if (frequent && displacesSpaces && c.betweenWords / c.count >= 0.5 && (!best || c.count > best.count)) best = { ch, count: c.count };
    }
    if (best) found.set(font, best.ch);
  }
  return found;
}

/** Runs with each font's substitute character turned back into spaces. */
export function repairSpaceSubstitutes(runs: readonly TextRun[]): { runs: TextRun[]; repaired: string[] } {
  const substitutes = findSpaceSubstitutes(runs);
  if (substitutes.size === 0) return { runs: [...runs], repaired: [] };
  const repaired = runs.map((run) => {
    const ch = substitutes.get(run.fontName);
    return ch ? { ...run, text: run.text.split(ch).join(' ') } : run;
  });
  return { runs: repaired, repaired: [...new Set(substitutes.values())] };
}
