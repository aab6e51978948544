/**
 * A line drawn in a font whose codes map to the wrong characters: chart labels in tracemonkey.pdf
 * come out as "=<6>?J+B:F>*:</+>?7-<#0(1923#". The page around it is fine, so the page-level
 * quality check passes it; indexed, it would only add nonsense terms. Its mark is long unbroken
 * runs mixing digits with several operator-like symbols and no word of three letters. Maths and
 * code put spaces between operators ("a[i] = b[j] + c[k];"), timetables use only ':' and '-'.
 */
const RARE_SYMBOL = /[#$%&*+<=>?@\\^_`|~;]/gu;
const MIN_RUN = 8;

function isNoiseRun(run: string): boolean {
  return run.length >= MIN_RUN && /\d/u.test(run) && (run.match(RARE_SYMBOL)?.length ?? 0) >= 2;
}

export function isGlyphNoise(line: string): boolean {
  if (/\p{L}{3}/u.test(line)) return false;
  const runs = line.split(/\s+/u).filter((r) => r.length > 0);
  const chars = runs.reduce((n, r) => n + r.length, 0);
  const noisy = runs.filter(isNoiseRun).reduce((n, r) => n + r.length, 0);
  return chars > 0 && noisy / chars > 0.5;
}
