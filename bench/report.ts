/** Renders the figures as aligned plain-text sections for stdout. */
import type { MachineInfo } from './machine';
import type { QuestionSet } from './questions';
import type { SizeResult } from './size-run';
import { fixed, formatTable, mb } from './table';
import type { TargetCheck } from './targets';
import type { QualitySetting } from './vector-leg';

export function machineSection(m: MachineInfo): string {
  return [
    'Machine',
    formatTable(['cpu', 'cpus', 'memory', 'node', 'platform'], [[m.cpuModel, m.cpuCount, `${m.totalMemoryGb.toFixed(1)} GB`, m.node, m.platform]]),
  ].join('\n');
}

export function corpusSection(sentences: number, paragraphs: number, questions: QuestionSet): string {
  const c = questions.composition;
  return [
    `Corpus: ${sentences} real sentences from ${paragraphs} XQuAD + HotpotQA paragraphs, recombined (seeded) into 10-20 KB documents.`,
    `Questions: ${questions.measured.length} measured (${c.xquad} XQuAD, ${c.hotpotqa} HotpotQA, ${c.keywords} keyword queries from corpus words) after ${questions.warmUp.length} warm-up. MB = 10^6 bytes.`,
  ].join('\n');
}

export function ingestSection(sizes: readonly SizeResult[], extractWorkers: number): string {
  const rows = sizes.map((s) => {
    const i = s.ingest;
    return [s.targetChunks, i.chunks, i.documents, mb(i.bytes), fixed(i.seconds), fixed(i.cpuSeconds), fixed(i.mbPerSecond, 2), fixed(i.chunksPerSecond, 0), i.facts, mb(s.dbBytes), fixed(s.coldIngest.bytes / 1e6 / s.coldIngest.seconds, 2)];
  });
  return [
    `Ingest throughput (insert -> idle; engine in-process, ${extractWorkers > 0 ? `${extractWorkers} extraction worker thread${extractWorkers === 1 ? '' : 's'} as the server runs` : 'extraction on the main thread'}; cpu s: all threads)`,
    formatTable(['target', 'chunks', 'docs', 'MB', 'seconds', 'cpu s', 'MB/s', 'chunks/s', 'facts', 'db MB', 'cold MB/s'], rows),
    'Timed after a warm-up: 0.7 MB of other documents into another account of the same engine. cold MB/s is that warm-up,',
    'the first uploads after a start, while V8 optimises the extractor and the tagger meets its first words.',
  ].join('\n');
}

export function latencySection(sizes: readonly SizeResult[]): string {
  const rows = sizes.flatMap((s) =>
    [s.chat, s.thinking].map((l) => [s.ingest.chunks, l.mode, fixed(l.p50), fixed(l.p95), fixed(l.p99), fixed(l.mean), fixed(l.max), l.insufficient]),
  );
  return [
    'Query latency, retrieval only (prepareQuery, no answer model), ms',
    formatTable(['chunks', 'mode', 'p50', 'p95', 'p99', 'mean', 'max', 'no-answer'], rows),
  ].join('\n');
}

export function memorySection(sizes: readonly SizeResult[]): string {
  const rows = sizes.map((s) => [
    s.ingest.chunks,
    fixed(s.memoryAfterIngest.maxRssMb, 0),
    fixed(s.memoryAfterQueries.maxRssMb, 0),
    fixed(s.memoryAfterQueries.rssMb, 0),
    fixed(s.memoryAfterQueries.heapUsedMb, 0),
  ]);
  return [
    'Memory, MB (max RSS is the process peak so far; sizes run smallest first)',
    formatTable(['chunks', 'maxRSS ingest', 'maxRSS queries', 'RSS now', 'heapUsed'], rows),
  ].join('\n');
}

export function legsSection(sizes: readonly SizeResult[]): string {
  return sizes
    .filter((s) => s.legs)
    .map((s) => {
      const rows = (s.legs ?? []).map((l) => [l.step, fixed(l.perQuestion, 2), fixed(l.p50, 2), fixed(l.p95, 2), fixed(l.max, 1), l.count, `${(l.share * 100).toFixed(0)}%`]);
      return [`Where a basic query's time goes at ${s.ingest.chunks} chunks (steps replayed one by one), ms`, formatTable(['step', 'per query', 'p50', 'p95', 'max', 'runs', 'share'], rows)].join('\n');
    })
    .join('\n\n');
}

export function qualitySection(paragraphs: number, settings: readonly QualitySetting[]): string {
  const rows = settings.map((s) => [
    s.name,
    fixed(s.vectorWeight, 2),
    fixed(s.mrr10, 3),
    fixed(s.recall5, 3),
    fixed(s.recall1, 3),
    fixed(s.gatedMrr10, 3),
    fixed(s.gatedRecall5, 3),
    `${s.vsTextOnly.better}/${s.vsTextOnly.worse}`,
    fixed(s.meanQueryMs),
  ]);
  const lines = [
    `Vector-leg quality: ${paragraphs} XQuAD paragraphs, one document each; ${settings[0]?.questions ?? 0} questions; gold = the question's paragraph; top 10`,
    formatTable(['setting', 'vec weight', 'MRR@10', 'R@5', 'R@1', 'gated MRR', 'gated R@5', 'up/down vs (a)', 'mean ms'], rows),
    '(gated = a question the default coverage gate would refuse counts as a miss; up/down = questions whose gold paragraph',
    ' ranked higher/lower than with the text leg only)',
  ];
  const textOnly = settings.find((s) => s.vectorWeight === 0);
  const defaults = settings.find((s) => s.name.startsWith('(b)'));
  if (textOnly && defaults) {
    const delta = defaults.mrr10 - textOnly.mrr10;
    const moves = `${defaults.vsTextOnly.better} questions ranked higher, ${defaults.vsTextOnly.worse} lower`;
    // A lower mean with as many questions moved up as down is tie-breaking noise, not degradation.
    const worse = delta < 0 && defaults.vsTextOnly.worse > defaults.vsTextOnly.better;
    lines.push(
      worse
        ? `WARNING: the default vector weight makes ranking WORSE than the text leg alone: MRR@10 ${fixed(defaults.mrr10, 4)} < ${fixed(textOnly.mrr10, 4)} (${fixed(delta, 4)}; ${moves}).`
        : `Default vector weight vs text leg alone: MRR@10 ${fixed(textOnly.mrr10, 4)} -> ${fixed(defaults.mrr10, 4)} (${delta >= 0 ? '+' : ''}${fixed(delta, 4)}; ${moves}); it does not degrade ranking.`,
      'Note: equal scores are ordered by (random) chunk id, so MRR@10 moves by about 0.002 between runs; the up/down counts compare within one run.',
    );
  }
  return lines.join('\n');
}

export function targetsSection(checks: readonly TargetCheck[]): string {
  return ['Targets (2-core reference machine)', formatTable(['target', 'measured', 'met'], checks.map((c) => [c.target, c.measured, c.met ? 'yes' : 'NO']))].join('\n');
}

const SQL_CHARS = 90;
const shortSql = (sql: string): string => (sql.length <= SQL_CHARS ? sql : `${sql.slice(0, SQL_CHARS - 1)}…`);

export function profileSection(sizes: readonly SizeResult[]): string {
  return sizes
    .flatMap((s) => {
      if (!s.profile) return [];
      const wall = s.ingest.seconds * 1000;
      const stageRows = s.profile.ingestStages.map((t) => [t.stage, t.calls, fixed(t.ms / 1000, 2), `${((t.ms / wall) * 100).toFixed(1)}%`]);
      const sqlRows = (list: typeof s.profile.ingestStatements, base: number) =>
        list.map((t) => [shortSql(t.sql), t.calls, fixed(t.ms, 0), `${((t.ms / base) * 100).toFixed(1)}%`]);
      const queryWall = s.chat.mean * s.chat.count;
      return [
        [`Profile at ${s.ingest.chunks} chunks: ingest time per adapter call (wall ${fixed(s.ingest.seconds, 1)} s; the rest is chunking, term analysis, ids and waiting)`, formatTable(['stage', 'calls', 'seconds', 'of wall'], stageRows)].join('\n'),
        [`Profile at ${s.ingest.chunks} chunks: ingest time per SQL statement (COMMIT includes the FTS5 segment flush, WAL writes and checkpoints)`, formatTable(['statement', 'calls', 'ms', 'of wall'], sqlRows(s.profile.ingestStatements, wall))].join('\n'),
        [`Profile at ${s.ingest.chunks} chunks: SQL time of the ${s.chat.count} measured chat queries (total ${fixed(queryWall, 0)} ms)`, formatTable(['statement', 'calls', 'ms', 'of total'], sqlRows(s.profile.queryStatements, queryWall))].join('\n'),
      ];
    })
    .join('\n\n');
}
