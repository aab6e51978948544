/**
 * Sizes and durations of the reliability run. KB_REL_PROFILE=short (CI: a few minutes on 2 cores)
 * or full (the README's figures); each figure can also be set on its own.
 */
export interface ReliabilityProfile {
  name: string;
  /** SIGKILLs of the server during ingest. */
  kills: number;
  /** Seconds of mixed load (queries, streams, inserts). */
  loadSeconds: number;
  /** Concurrent clients during the load. */
  concurrency: number;
  /** Seconds of the memory soak, after the load. */
  soakSeconds: number;
  /** Generated cases per fuzzed endpoint. */
  fuzzRuns: number;
}

const PROFILES: Record<string, ReliabilityProfile> = {
  short: { name: 'short', kills: 6, loadSeconds: 15, concurrency: 8, soakSeconds: 0, fuzzRuns: 40 },
  full: { name: 'full', kills: 24, loadSeconds: 60, concurrency: 16, soakSeconds: 240, fuzzRuns: 400 },
};

function figure(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

export function reliabilityProfile(): ReliabilityProfile {
  const base = PROFILES[process.env.KB_REL_PROFILE ?? 'short'] ?? PROFILES.short!;
  return {
    name: base.name,
    kills: figure('KB_REL_KILLS', base.kills),
    loadSeconds: figure('KB_REL_LOAD_SECONDS', base.loadSeconds),
    concurrency: figure('KB_REL_CONCURRENCY', base.concurrency),
    soakSeconds: figure('KB_REL_SOAK_SECONDS', base.soakSeconds),
    fuzzRuns: figure('KB_REL_FUZZ_RUNS', base.fuzzRuns),
  };
}
