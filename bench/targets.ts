/** The product's performance targets on the reference 2-core machine, checked against the figures. */
import type { SizeResult } from './size-run';

export interface TargetCheck {
  target: string;
  measured: string;
  met: boolean;
}

const MIN_MB_PER_SECOND = 1;
const P95_LIMITS_MS: { chunks: number; ms: number }[] = [
  { chunks: 10_000, ms: 50 },
  { chunks: 100_000, ms: 150 },
];

/** Only targets whose corpus size was run are checked; the rest are not claimed either way. */
export function checkTargets(sizes: readonly SizeResult[]): TargetCheck[] {
  const checks: TargetCheck[] = sizes.map((s) => ({
    target: `ingest >= ${MIN_MB_PER_SECOND} MB/s at ${s.targetChunks} chunks`,
    measured: `${s.ingest.mbPerSecond.toFixed(2)} MB/s`,
    met: s.ingest.mbPerSecond >= MIN_MB_PER_SECOND,
  }));
  for (const limit of P95_LIMITS_MS) {
    const size = sizes.find((s) => s.targetChunks === limit.chunks);
    if (!size) continue;
    checks.push({ target: `retrieval p95 < ${limit.ms} ms at ${limit.chunks} chunks`, measured: `${size.chat.p95.toFixed(1)} ms`, met: size.chat.p95 < limit.ms });
  }
  return checks;
}
