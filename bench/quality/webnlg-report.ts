/** The extraction figures as plain-text tables for stdout (and docs/figures.md). */
import { formatTable, type Cell } from '../table';
import type { Half } from './halves';
import type { ExtractionSetResult } from './extraction-webnlg';

const f3 = (v: number): string => v.toFixed(3);
const pct = (v: number): string => `${(v * 100).toFixed(1)}%`;

export function extractionTable(results: readonly ExtractionSetResult[], half: Half): string {
  const rows: Cell[][] = results.flatMap((r) =>
    r.halves
      .filter((h) => h.half === half)
      .map((h) => [
        r.extractor,
        h.entries,
        h.pairs.references,
        h.pairs.facts,
        f3(h.pairRecall),
        f3(h.pairPrecision),
        `${f3(h.challenge.exact.precision)} / ${f3(h.challenge.exact.recall)} / ${f3(h.challenge.exact.f1)}`,
        `${f3(h.challenge.partial.precision)} / ${f3(h.challenge.partial.recall)} / ${f3(h.challenge.partial.f1)}`,
        h.entities,
        pct(h.otherShare),
        (h.entries / Math.max(h.ingestSeconds, 1e-9)).toFixed(0),
      ]),
  );
  return [
    `Fact extraction on WebNLG 2020 (test, seen categories), ${half} half, through POST /insert/bulk and GET /documents/{id}/facts`,
    formatTable(['extractor', 'entries', 'ref triples', 'facts', 'pair R', 'pair P', 'exact P / R / F1', 'partial P / R / F1', 'entities', 'typed other', 'entries/s'], rows),
    'pair R: reference triples whose subject and object some fact links (either way); pair P: facts whose two ends are a reference pair.',
    'exact / partial: the WebNLG 2020 text-to-triples matching (bench/quality/webnlg-challenge-score.ts), predicates included.',
  ].join('\n');
}

const ratio = (n: number, d: number): number => (d > 0 ? n / d : 0);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? 0 : sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/**
 * Pair recall and precision per WebNLG category, both halves side by side, with the min / median /
 * max recall across categories: the hidden evaluation uses categories not in the file, so the
 * spread says more about them than the total does.
 */
export function categoryTable(results: readonly ExtractionSetResult[]): string {
  const sections: string[] = [];
  for (const r of results) {
    const tuning = r.halves.find((h) => h.half === 'tuning');
    const heldOut = r.halves.find((h) => h.half === 'held-out');
    const names = [...new Set([...(tuning?.categories ?? []), ...(heldOut?.categories ?? [])].map((c) => c.category))].sort();
    const cells = (h: typeof tuning, name: string): Cell[] => {
      const c = h?.categories.find((x) => x.category === name);
      if (!c) return ['', '', '', ''];
      return [c.entries, c.pairs.references, f3(ratio(c.pairs.linked, c.pairs.references)), f3(ratio(c.pairs.correct, c.pairs.facts))];
    };
    const rows: Cell[][] = names.map((name) => [name, ...cells(tuning, name), ...cells(heldOut, name)]);
    const spread = (h: typeof tuning): string => {
      const recalls = (h?.categories ?? []).filter((c) => c.pairs.references > 0).map((c) => ratio(c.pairs.linked, c.pairs.references));
      return recalls.length === 0 ? '-' : `${f3(Math.min(...recalls))} / ${f3(median(recalls))} / ${f3(Math.max(...recalls))}`;
    };
    sections.push(
      [
        `Fact extraction on WebNLG 2020 by category (${r.extractor})`,
        formatTable(['category', 'tun entries', 'tun refs', 'tun pair R', 'tun pair P', 'held entries', 'held refs', 'held pair R', 'held pair P'], rows),
        `pair R across categories, min / median / max: tuning ${spread(tuning)}, held-out ${spread(heldOut)}`,
      ].join('\n'),
    );
  }
  return sections.join('\n\n');
}

/** A few unlinked references of the tuning half, to read when changing the extractor. */
export function missesSample(results: readonly ExtractionSetResult[], count: number): string {
  const lines: string[] = [];
  for (const r of results) {
    for (const h of r.halves.filter((x) => x.half === 'tuning')) {
      for (const m of h.misses.slice(0, count)) {
        lines.push(`${m.id}: ${m.text}`);
        for (const t of m.missed) lines.push(`  missed  ${t.subject} | ${t.predicate} | ${t.object}`);
        for (const t of m.facts) lines.push(`  fact    ${t.subject} | ${t.predicate} | ${t.object}`);
      }
    }
  }
  return lines.join('\n');
}
