import { appendFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type Figures = Record<string, number | string>;

/** Where the suites' figures collect during a run (emptied by the global setup). */
export const FIGURES_FILE = fileURLToPath(new URL('../../test-results/reliability-figures.jsonl', import.meta.url));

/** Each suite reports its figures here; the global teardown prints them all as one summary. */
export function recordFigures(section: string, figures: Figures): void {
  appendFileSync(FIGURES_FILE, `${JSON.stringify({ section, figures })}\n`);
}
