/** The quality figures as aligned plain-text tables for stdout (and the README). */
import { formatTable, type Cell } from '../table';
import type { Half } from './halves';
import type { QualityTarget } from './quality-targets';
import type { SetResult } from './run-set';
import { QUESTION_SHAPES } from './question-shapes';

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

/** The answerable questions again in the shapes users type them in: spelling unchecked, chat around them. */
export function shapesTable(sets: readonly SetResult[], half: Half): string {
  const rows: Cell[][] = sets.flatMap((s) =>
    s.halves
      .filter((h) => h.half === half)
      .flatMap((h) =>
        QUESTION_SHAPES.map((shape) => {
          const r = h.shapes[shape.name];
          return r ? [s.set, shape.name, r.engine.questions, `${f3(r.engine.recall5)} / ${f3(r.bm25.recall5)}`, `${f3(r.engine.mrr)} / ${f3(r.bm25.mrr)}`, pct(r.refused)] : [s.set, shape.name, 0, '—', '—', '—'];
        }),
      ),
  );
  return [
    `Answerable questions as typed, ${half} half (engine, gate on / plain BM25)`,
    formatTable(['set', 'shape', 'questions', 'R@5', 'MRR@10', 'refused'], rows),
    ...QUESTION_SHAPES.map((shape) => `${shape.name}: ${shape.about}.`),
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
