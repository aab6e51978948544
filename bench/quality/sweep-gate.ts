/**
 * Chooses the gate's thresholds from the tuning halves of a finished `npm run bench:quality`
 * (bench/results/quality*.json): for each candidate, the share of answerable questions it would
 * refuse or mark, and of off-topic, near-topic and missing-answer questions it would refuse or
 * mark, per set. Reads the coverage every question got with the gate off, so no server runs.
 *
 *   npx tsx bench/quality/sweep-gate.ts [results.json …]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatTable, type Cell } from '../table';
import type { QuestionRecord, SetResult } from './run-set';

const RESULTS = fileURLToPath(new URL('../results/', import.meta.url));
const files = process.argv.length > 2 ? process.argv.slice(2) : readdirSync(RESULTS).filter((f) => /^quality.*\.json$/u.test(f)).map((f) => `${RESULTS}${f}`);
const sets = files.flatMap((f) => (JSON.parse(readFileSync(f, 'utf8')) as { sets: SetResult[] }).sets);
const half = process.env.HALF === 'held-out' ? 'held-out' : 'tuning';

const below = (records: QuestionRecord[], kind: QuestionRecord['kind'], t: number): string => {
  const list = records.filter((r) => r.kind === kind && r.half === half);
  return list.length === 0 ? '—' : `${((100 * list.filter((r) => r.judged < t).length) / list.length).toFixed(1)}%`;
};

const rows: Cell[][] = [];
for (const t of [0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6]) {
  for (const s of sets) rows.push([t.toFixed(2), s.set, below(s.records, 'answerable', t), below(s.records, 'off-topic', t), below(s.records, 'unanswerable', t), below(s.records, 'missing', t)]);
}
console.log(`Share of questions whose coverage (gate off) is below t, ${half} halves`);
console.log(formatTable(['t', 'set', 'answerable', 'off-topic', 'near-topic', 'missing'], rows));
