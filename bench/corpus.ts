/**
 * A synthetic corpus of real English prose: sentences of XQuAD and HotpotQA paragraphs,
 * recombined by a seeded PRNG into documents of 10–20 KB. Whole documents never repeat, and the
 * corpus can be as large as a benchmark needs while every sentence is still one a person wrote.
 */
import type { ChunkingConfig } from '../src/core/config';
import { splitSentences } from '../src/core/extract/sentences';
import { chunkText } from '../src/core/ingest/chunker';
import type { InsertRequest } from '../src/shared/api-schemas';
import { createRng, type Rng } from './prng';
import { hotpotParagraphs, xquadParagraphs } from './real-data';

export interface SentencePool {
  sentences: string[];
  sourceParagraphs: number;
}

/** Every sentence of the 240 XQuAD and 994 HotpotQA paragraphs, split the way ingest splits. */
export function loadSentencePool(): SentencePool {
  const xquad = xquadParagraphs();
  const hotpot = hotpotParagraphs();
  const sentences: string[] = [];
  for (const p of xquad) {
    for (const span of splitSentences(p.context)) sentences.push(p.context.slice(span.start, span.end).trim());
  }
  for (const p of hotpot) sentences.push(...p);
  return { sentences: sentences.filter((s) => s.length >= 20), sourceParagraphs: xquad.length + hotpot.length };
}

export interface GeneratedDocument {
  request: InsertRequest;
  bytes: number;
  /** Chunks the chunker will cut, known in advance so a batch can stop at the target count. */
  expectedChunks: number;
}

const MIN_DOC_CHARS = 10_000;
const MAX_DOC_CHARS = 20_000;

/** Endless, deterministic stream of documents. */
export function createDocumentStream(pool: SentencePool, chunking: ChunkingConfig, seed: number): () => GeneratedDocument {
  const rng = createRng(seed);
  let n = 0;
  return () => {
    n++;
    const content = documentText(pool.sentences, rng);
    return {
      request: { title: `Bench document ${n}`, content, tags: ['bench'] },
      bytes: Buffer.byteLength(content, 'utf8'),
      expectedChunks: chunkText(content, chunking).length,
    };
  };
}

/** Paragraphs of 3–7 sentences until the document reaches its drawn length. */
function documentText(sentences: readonly string[], rng: Rng): string {
  const target = rng.int(MIN_DOC_CHARS, MAX_DOC_CHARS);
  const paragraphs: string[] = [];
  let length = 0;
  while (length < target) {
    const count = rng.int(3, 7);
    const paragraph = Array.from({ length: count }, () => rng.pick(sentences)).join(' ');
    paragraphs.push(paragraph);
    length += paragraph.length + 2;
  }
  return paragraphs.join('\n\n');
}
