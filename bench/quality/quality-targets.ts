/** Issue 6's "done when" figures, checked against every run of the full pipeline. */
import type { RunResult } from './run-set';
import type { SetName } from './quality-sets';

export interface QualityTarget {
  target: string;
  run: string;
  measured: string;
  met: boolean;
}

interface Rule {
  sets: readonly SetName[];
  target: string;
  value: (run: RunResult) => number;
  met: (value: number) => boolean;
  unit?: 'ms';
}

const BOTH: readonly SetName[] = ['xquad', 'hotpotqa'];
const RULES: readonly Rule[] = [
  { sets: ['xquad'], target: 'recall@5 >= 0.99', value: (r) => r.answerable.recall5, met: (v) => v >= 0.99 },
  { sets: ['xquad'], target: 'MRR >= 0.96', value: (r) => r.answerable.mrr, met: (v) => v >= 0.96 },
  { sets: ['hotpotqa'], target: 'both gold in top 10 >= 0.90', value: (r) => r.answerable.allGold10, met: (v) => v >= 0.9 },
  { sets: ['hotpotqa'], target: 'recall@5 >= 0.88', value: (r) => r.answerable.recall5, met: (v) => v >= 0.88 },
  { sets: BOTH, target: 'off-topic insufficient >= 0.95', value: (r) => r.offTopic.insufficientRate, met: (v) => v >= 0.95 },
  { sets: BOTH, target: 'answerable insufficient <= 0.02', value: (r) => r.answerable.insufficientRate, met: (v) => v <= 0.02 },
  { sets: BOTH, target: 'retrieval p95 < 50 ms (server)', value: (r) => r.answerable.server.p95, met: (v) => v < 50, unit: 'ms' },
];

export function checkQualityTargets(runs: readonly RunResult[]): QualityTarget[] {
  return runs
    .filter((run) => run.pipeline === 'full')
    .flatMap((run) =>
      RULES.filter((rule) => rule.sets.includes(run.set)).map((rule) => {
        const value = rule.value(run);
        return {
          target: `${run.set}: ${rule.target}`,
          run: `${run.pipeline} ${run.depth}`,
          measured: rule.unit === 'ms' ? `${value.toFixed(0)} ms` : value.toFixed(3),
          met: rule.met(value),
        };
      }),
    );
}
