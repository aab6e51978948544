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
