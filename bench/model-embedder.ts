/**
 * Figures for the local-model layer that can be measured without Ollama or real weights:
 * transformers.js embedder throughput on the tiny self-made stand-in model (tokeniser, ONNX
 * run, pooling on the worker thread; a real MiniLM does far more arithmetic per token), and the
 * cost of fitting an answer prompt to a context window. Prints figures, asserts nothing.
 * Run: npx tsx bench/model-embedder.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTransformersEmbedder } from '../src/adapters/embed/transformers-embedder';
import { buildAnswerPrompt } from '../src/core/answer/answer-prompt';
import type { RetrievalResult } from '../src/core/retrieval/retrieve';
import { writeTinyEmbeddingModel } from '../test/helpers/tiny-embedding-model';
import { articleText, xquadArticles } from '../test/helpers/real-data';
import { sourceWorker } from './bench-engine';

const texts = xquadArticles().flatMap((a) => articleText(a).split(/\n+/u)).filter((t) => t.length > 200).slice(0, 1000);
const dir = mkdtempSync(join(tmpdir(), 'kb-bench-models-'));
writeTinyEmbeddingModel(join(dir, 'tiny'), { words: [...new Set(texts.join(' ').toLowerCase().match(/\p{L}+/gu) ?? [])], dimensions: 384 });
const worker = sourceWorker('../src/adapters/embed/transformers-worker.ts');

const embedder = await openTransformersEmbedder({ script: worker, model: 'tiny', modelDirs: [dir], downloadDir: null, progress: () => undefined, batchSize: 16 });
await embedder.embed(texts.slice(0, 16));
const started = performance.now();
await embedder.embed(texts);
const seconds = (performance.now() - started) / 1000;
const chars = texts.reduce((n, t) => n + t.length, 0);
console.log(`transformers.js embedder, tiny stand-in model (384 dims), ${texts.length} passages of ${Math.round(chars / texts.length)} chars: ${(texts.length / seconds).toFixed(0)} passages/s, ${(chars / seconds / 1e6).toFixed(2)} MB/s`);
await embedder.close();
rmSync(dir, { recursive: true, force: true });

const chunks = texts.slice(0, 8).map((text, i) => ({ chunk: { id: `c${i}`, documentId: 'd', ordinal: i, text, start: 0, end: text.length, page: null, section: null, row: null }, score: 1, coverage: 1 }));
const result = { chunks, facts: [], seeds: [], walk: [], walkFacts: [], walkEntities: [], coverage: 1, signals: { window: 1, sentence: 1, joint: 1, absent: 0, maxAbsent: 0, adjacency: 1, topPair: 1, related: 0, brevity: 0, topical: 0, specific: 1, names: 1, namedWords: 1, semantic: 1, unread: 0, sentenceMeaning: 0 }, insufficient: false, queryTerms: [], idf: new Map(), variants: new Map(), compounds: new Map(), titles: new Map(), absentWords: [], sequences: [], relatives: new Map() } as RetrievalResult;
const runs = 2000;
const t0 = performance.now();
let dropped = 0;
for (let i = 0; i < runs; i++) dropped = buildAnswerPrompt({ question: 'What happened?', result, titles: new Map(), web: [], style: 'chat', contextTokens: 2048 }).dropped.chunks;
console.log(`answer prompt fitted to 2,048 tokens from 8 passages: ${(((performance.now() - t0) / runs) * 1000).toFixed(0)} µs each, ${dropped} passages left out`);
