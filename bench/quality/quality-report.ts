/** The quality figures as aligned plain-text tables for stdout (and the README). */
import { formatTable, type Cell } from '../table';
import type { QualityTarget } from './quality-targets';
import type { SetResult } from './run-set';

const f3 = (v: number): string => v.toFixed(3);
const ms = (v: number): string => v.toFixed(0);

export function corpusTable(sets: readonly SetResult[]): string {
  const rows: Cell[][] = sets.map((s) => [s.set, s.ingest.documents, s.ingest.chunks, s.ingest.facts, s.ingest.seconds.toFixed(1)]);
  return ['Corpora (stored through POST /insert/bulk, each set in its own data folder)', formatTable(['set', 'documents', 'chunks', 'facts', 'ingest s'], rows)].join('\n');
}

export function qualityTable(sets: readonly SetResult[]): string {
  const rows: Cell[][] = sets.flatMap((s) =>
    s.runs.map((r) => {
      const a = r.answerable;
      return [r.set, r.pipeline, r.depth, a.questions, f3(a.recall5), f3(a.recall10), f3(a.mrr), f3(a.allGold10), f3(a.gated.recall5), f3(a.gated.allGold10), f3(a.insufficientRate), f3(r.offTopic.insufficientRate), ms(a.server.p50), ms(a.server.p95), ms(a.roundTrip.p95)];
    }),
  );
  return [
    'Retrieval quality through POST /query (include_summary false, 10 passages per question, scored by document title)',
    formatTable(['set', 'pipeline', 'depth', 'questions', 'R@5', 'R@10', 'MRR', 'all gold@10', 'gated R@5', 'gated all@10', 'insuff. answerable', 'insuff. off-topic', 'server p50 ms', 'server p95 ms', 'http p95 ms'], rows),
    'R@k, MRR, all gold@10: the ranking (coverage gate off). gated: the default server, where a question refused for insufficient coverage is a miss.',
    'server = metadata.search_time of the default server (retrieval plus the response body, 1 ms resolution); http = client round trip on 127.0.0.1.',
    'Off-topic: 50 questions on cooking, tax forms, car repair and other topics absent from both corpora (bench/quality/off-topic-questions.json).',
  ].join('\n');
}

export function targetsTable(targets: readonly QualityTarget[]): string {
  return ['Targets (issue 6, full pipeline)', formatTable(['target', 'run', 'measured', 'met'], targets.map((t) => [t.target, t.run, t.measured, t.met ? 'met' : 'NO']))].join('\n');
}
