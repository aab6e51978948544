import { DEFAULT_CHUNKING } from '../src/core/config';
import type { Engine } from '../src/core/engine';
import { createDocumentStream, type SentencePool } from './corpus';

const WARM_UP_SEED = 0xfeed;
/** About 0.7 MB: V8 optimises the extractor, and wink learns the corpus's common words, within that. */
export const WARM_UP_DOCUMENTS = 46;

/**
 * Timed ingest is of a running server: a fresh process first runs about 2× slower while V8
 * optimises the extractor and the tagger learns the words it meets. A second account takes that
 * cost here, on documents of another seed, so the measured knowledge base still starts empty.
 * What it took is reported as the cold figure: what the first uploads after a start cost.
 */
export async function warmUpProcess(engine: Engine, pool: SentencePool): Promise<{ bytes: number; seconds: number }> {
  const { key } = await engine.accounts.signup('warm-up@bench.local', 'warm-up-password', 'local');
  const kb = engine.knowledgeBase(await engine.accounts.authenticate(key.apiKey));
  const next = createDocumentStream(pool, DEFAULT_CHUNKING, WARM_UP_SEED);
  const documents = Array.from({ length: WARM_UP_DOCUMENTS }, next);
  const start = performance.now();
  await kb.insert(documents.map((d) => d.request));
  await engine.idle();
  return { bytes: documents.reduce((n, d) => n + d.bytes, 0), seconds: (performance.now() - start) / 1000 };
}
