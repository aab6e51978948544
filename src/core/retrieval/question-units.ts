import type { Lexicon } from '../ports';
import { analyze } from '../text/analyze';

/** Words joined by hyphens: "light-year", "time-share", "well-being". */
const HYPHENATED = /[\p{L}\p{N}]+(?:[-‐‑][\p{L}\p{N}]+)+/gu;

/**
 * Pairs of neighbouring question terms that name one thing together: a hyphenated compound
 * ("light-year") or a two-word lemma of general English ("black hole", "time signature"). A
 * passage that holds the two words apart ("light for 8 hours a day… once a year") does not hold
 * what the question asks about.
 */
export function questionUnits(question: string, lexicon: Lexicon | null): [string, string][] {
  const units: [string, string][] = [];
  const seen = new Set<string>();
  const add = (a: string | undefined, b: string | undefined): void => {
    if (!a || !b || a === b || seen.has(`${a} ${b}`)) return;
    seen.add(`${a} ${b}`);
    units.push([a, b]);
  };
  for (const match of question.normalize('NFKC').matchAll(HYPHENATED)) {
    const parts = match[0].split(/[-‐‑]/u).map((part) => analyze(part));
    // Only where every part is a word of its own: "in-network" is "network" with a particle.
    if (parts.some((p) => p.length !== 1)) continue;
    for (let i = 0; i + 1 < parts.length; i++) add(parts[i]?.[0], parts[i + 1]?.[0]);
  }
  if (lexicon) {
    const terms = analyze(question);
    for (let i = 0; i + 1 < terms.length; i++) if (lexicon.isPhrase(terms[i] ?? '', terms[i + 1] ?? '')) add(terms[i], terms[i + 1]);
  }
  return units;
}
