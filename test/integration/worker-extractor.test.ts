import { describe, expect, it } from 'vitest';
import { createWorkerExtractor } from '../../src/adapters/workers/worker-extractor';
import { extractSync } from '../../src/core/extract/builtin-extractor';
import { xquadArticles } from '../helpers/real-data';

// In tests the worker runs the TypeScript source through tsx's loader; the build runs the .js.
const script = {
  url: new URL('../helpers/tsx-worker.mjs', import.meta.url),
  workerData: { entry: new URL('../../src/adapters/workers/extract-worker.ts', import.meta.url).href },
};

describe('extraction on worker threads', () => {
  it('returns exactly what the in-process extractor returns, for many chunks at once', async () => {
    const extractor = createWorkerExtractor(script, 2);
    // The workers load their model at start; waiting for that must end (a hang fails the test).
    await extractor.warmUp?.();
    const texts = xquadArticles().slice(0, 4).flatMap((a) => a.paragraphs.map((p) => p.context));
    const results = await Promise.all(texts.map((t) => extractor.extract(t)));
    results.forEach((r, i) => expect(r).toEqual(extractSync(texts[i] ?? '')));
    expect(results.some((r) => r.facts.length > 0)).toBe(true);
    // A whole batch at once: shared between the workers, answered in order.
    expect(await extractor.extractMany?.(texts)).toEqual(results);
    await extractor.close();
  });
});
