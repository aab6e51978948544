import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { createWorkerExtractor } from '../../src/adapters/workers/worker-extractor';
import { extractSync } from '../../src/core/extract/builtin-extractor';
import { analyze } from '../../src/core/text/analyze';
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

  it('extracts each chunk\'s own part and gives its index terms as this thread would analyse them', async () => {
    const extractor = createWorkerExtractor(script, 2);
    const texts = xquadArticles().slice(0, 2).flatMap((a) => a.paragraphs.map((p) => p.context));
    // Each chunk's own part starts after a made-up overlap; a table row is indexed without its label.
    const chunks = [
      ...texts.map((text) => ({ text, from: Math.min(text.length, 150), indexed: null })),
      { text: 'Row 7. name: Ted Stevens Anchorage Intl; state: AK', from: 0, indexed: 'name: Ted Stevens Anchorage Intl; state: AK' },
      { text: '', from: 0, indexed: null },
    ];
    const analysed = await extractor.extractAndAnalyze?.(chunks);
    expect(analysed).toEqual(chunks.map((c) => ({ result: extractSync(c.text.slice(c.from)), terms: analyze(c.indexed ?? c.text) })));
    expect(analysed?.at(-2)?.terms).not.toContain('row');
    expect(analysed?.at(-1)?.terms).toEqual([]);
    await extractor.close();
  });

  // Ingest must leave the cores to a question asked meanwhile (the sentence encoder alone takes a
  // core for a fifth of a second); on Linux a worker thread's nice value is its own.
  it.runIf(process.platform === 'linux')('runs at low priority while the server\'s own thread keeps its priority', async () => {
    const niceValues = (): number[] =>
      readdirSync('/proc/self/task').map((tid) => {
        const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      });
    const before = niceValues().filter((n) => n >= 10).length;
    const extractor = createWorkerExtractor(script, 2);
    await extractor.warmUp?.();
    expect(niceValues().filter((n) => n >= 10).length).toBe(before + 2);
    expect(getPriority(0)).toBe(0);
    await extractor.close();
  });
});
