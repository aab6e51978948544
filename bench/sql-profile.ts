/**
 * Time spent in each SQL statement, for finding where ingest or a query spends its time. It wraps
 * better-sqlite3's Statement methods process-wide (no source file changes), so it is only switched
 * on by `--profile`: the wrapper itself costs about a microsecond a call.
 */
import Database from 'better-sqlite3';

export interface StatementTiming {
  sql: string;
  calls: number;
  ms: number;
}

export interface StatementProfile {
  reset(): void;
  /** Statements by total time, most expensive first. */
  top(count: number): StatementTiming[];
}

type StatementMethod = (this: Database.Statement, ...args: unknown[]) => unknown;
const METHODS = ['run', 'get', 'all'] as const;

let installed: StatementProfile | null = null;

export function profileStatements(): StatementProfile {
  if (installed) return installed;
  const totals = new Map<string, StatementTiming>();
  const probe = new Database(':memory:');
  // Every statement of every connection shares this prototype, so patching it once covers all.
  const proto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<(typeof METHODS)[number], StatementMethod>;
  probe.close();
  for (const name of METHODS) {
    const original = proto[name];
    proto[name] = function timedStatement(this: Database.Statement, ...args: unknown[]): unknown {
      const start = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        const sql = this.source.replace(/\s+/gu, ' ').trim();
        const entry = totals.get(sql) ?? { sql, calls: 0, ms: 0 };
        entry.calls++;
        entry.ms += performance.now() - start;
        totals.set(sql, entry);
      }
    };
  }
  installed = {
    reset: () => totals.clear(),
    // Copies, so a snapshot does not keep counting after it was taken.
    top: (count) => [...totals.values()].map((t) => ({ ...t })).sort((a, b) => b.ms - a.ms).slice(0, count),
  };
  return installed;
}
