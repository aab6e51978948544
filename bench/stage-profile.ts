/**
 * Time spent in each adapter call during ingest: extractor, embedder and every store method. The
 * adapters are wrapped, not edited, so the engine runs its normal code path; what ingest does
 * between adapter calls (chunking, term analysis, progress) shows up as the remainder.
 */
import type { EngineAdapters } from '../src/core/engine';
import type { KnowledgeStore } from '../src/core/ports';

export interface StageTiming {
  stage: string;
  calls: number;
  ms: number;
}

export class StageProfile {
  private readonly totals = new Map<string, StageTiming>();

  reset(): void {
    this.totals.clear();
  }

  all(): StageTiming[] {
    return [...this.totals.values()].map((t) => ({ ...t })).sort((a, b) => b.ms - a.ms);
  }

  /**
   * Times the call up to the moment it hands back its promise. The offline adapters (SQLite,
   * extractor, hashed embedder) do all their work synchronously before that, and timing to the
   * promise's settlement instead would also count whatever the other running job does meanwhile.
   */
  time<T>(stage: string, work: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return work();
    } finally {
      const entry = this.totals.get(stage) ?? { stage, calls: 0, ms: 0 };
      entry.calls++;
      entry.ms += performance.now() - start;
      this.totals.set(stage, entry);
    }
  }

  wrap(adapters: EngineAdapters): EngineAdapters {
    const { extractor, embedder } = adapters;
    return {
      ...adapters,
      extractor: {
        id: extractor.id,
        extract: (text) => this.time('extractor.extract', () => extractor.extract(text)),
        close: () => extractor.close?.() ?? Promise.resolve(),
      },
      embedder: embedder && {
        id: embedder.id,
        dimensions: embedder.dimensions,
        quality: embedder.quality,
        embed: (texts) => this.time('embedder.embed', () => embedder.embed(texts)),
        ...(embedder.embedTerms ? { embedTerms: (terms: string[][]) => this.time('embedder.embed', () => embedder.embedTerms?.(terms) ?? embedder.embed([])) } : {}),
      },
      openKnowledgeStore: (dir) => this.wrapStore(adapters.openKnowledgeStore(dir)),
    };
  }

  private wrapStore(store: KnowledgeStore): KnowledgeStore {
    const wrapped = { ...store };
    for (const key of Object.keys(store) as (keyof KnowledgeStore)[]) {
      const method = store[key] as (...args: unknown[]) => Promise<unknown>;
      (wrapped as Record<string, unknown>)[key] = (...args: unknown[]) => this.time(`store.${key}`, () => method(...args));
    }
    return wrapped;
  }
}
