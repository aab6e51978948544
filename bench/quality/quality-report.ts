/** The quality figures as aligned plain-text tables for stdout (and the README). */
import { formatTable, type Cell } from '../table';
import type { Half } from './halves';
import type { QualityTarget } from './quality-targets';
import type { SetResult } from './run-set';

const f3 = (v: number): string => v.toFixed(3);
const pct = (v: number | undefined): string => (v === undefined ? '—' : `${(v * 100).toFixed(1)}%`);

export function corpusTable(sets: readonly SetResult[]): string {
  const rows: Cell[][] = sets.map((s) => [s.set, s.ingest.documents, s.ingest.chunks, s.ingest.facts, s.ingest.seconds.toFixed(1)]);
  return ['Corpora (stored through POST /insert/bulk, each set in its own data folder)', formatTable(['set', 'documents', 'chunks', 'facts', 'ingest s'], rows)].join('\n');
}

export function qualityTable(sets: readonly SetResult[], half: Half): string {
  const rows: Cell[][] = sets.flatMap((s) =>
    s.halves
      .filter((h) => h.half === half)
      .map((h) => [
        s.set,
        h.engine.questions,
        `${f3(h.engine.recall5)} / ${f3(h.bm25.recall5)}`,
        `${f3(h.engine.mrr)} / ${f3(h.bm25.mrr)}`,
        `${f3(h.engine.allGold10)} / ${f3(h.bm25.allGold10)}`,
        `${f3(h.engine.top3)} / ${f3(h.bm25.top3)}`,
        pct(h.answerableRefused),
        `${pct(h.offTopic.refused)} of ${h.offTopic.questions}`,
        h.missing ? `${pct(h.missing.refusedOrMarked)} of ${h.missing.questions}` : '—',
        h.unanswerable ? `${pct(h.unanswerable.refusedOrMarked)} of ${h.unanswerable.questions}` : '—',
        h.server.p95.toFixed(0),
      ]),
  );
  return [
    `Answer quality, ${half} half, through POST /query with no model (engine, gate on / plain BM25)`,
    formatTable(['set', 'questions', 'R@5', 'MRR@10', 'all gold@10', 'gold in top 3', 'answerable refused', 'off-topic refused', 'missing refused|marked', 'near-topic refused|marked', 'server p95 ms'], rows),
    'Engine figures are as a user gets them: a refused question is a miss. BM25: Porter stems, stopwords, k1 1.2, b 0.75, title + text,',
    'over documents (over paragraphs for xquad-long, which is scored by the passage holding the answer). marked: metadata.coverage < 0.5.',
  ].join('\n');
}

/** The answerable questions again, each with one typing slip: spelling a user did not check. */
export function misspeltTable(sets: readonly SetResult[], half: Half): string {
  const rows: Cell[][] = sets.flatMap((s) =>
    s.halves
      .filter((h) => h.half === half)
      .map((h) => [s.set, h.misspelt.engine.questions, `${f3(h.misspelt.engine.recall5)} / ${f3(h.misspelt.bm25.recall5)}`, `${f3(h.misspelt.engine.mrr)} / ${f3(h.misspelt.bm25.mrr)}`, pct(h.misspelt.refused)]),
  );
  return [
    `Misspelt questions, ${half} half (one slip in the longest word: letters swapped, dropped, doubled or a neighbouring key; engine, gate on / plain BM25)`,
    formatTable(['set', 'questions', 'R@5', 'MRR@10', 'refused'], rows),
  ].join('\n');
}

/** The ranking without the gate, to tell ranking losses from refusals. */
export function rankingTable(sets: readonly SetResult[], half: Half): string {
  const rows: Cell[][] = sets.flatMap((s) =>
    s.halves.filter((h) => h.half === half).map((h) => [s.set, f3(h.ungated.recall5), f3(h.ungated.mrr), f3(h.ungated.allGold10), f3(h.ungated.top3)]),
  );
  return [`Ranking with the gate off, ${half} half`, formatTable(['set', 'R@5', 'MRR@10', 'all gold@10', 'gold in top 3'], rows)].join('\n');
}

export function targetsTable(targets: readonly QualityTarget[]): string {
  return ['Targets (issue 14, held-out halves)', formatTable(['target', 'measured', 'met'], targets.map((t) => [t.target, t.measured, t.met ? 'met' : 'NO']))].join('\n');
}
