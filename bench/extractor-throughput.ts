/**
 * Throughput of the built-in extractor on real English prose.
 *
 *   npx tsx bench/extractor-throughput.ts [megabytes]
 *
 * The ingest pipeline has to sustain ≥ 1 MB/s on one core, which leaves the
 * extractor a budget of about 2 MB/s. Prose comes from the XQuAD English
 * contexts, cut into ~1000-character chunks as the chunker would.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBuiltinExtractor } from '../src/core/extract/builtin-extractor';
import { getWink } from '../src/core/extract/wink-nlp';

const HERE = dirname(fileURLToPath(import.meta.url));
const CORPUS = resolve(HERE, '../../shared/data/qa/xquad/xquad.en.json');
const CHUNK_CHARS = 1000;

function contexts(path: string): string[] {
  const json: unknown = JSON.parse(readFileSync(path, 'utf8'));
  const out: string[] = [];
  const data = isRecord(json) && Array.isArray(json.data) ? json.data : [];
  for (const article of data) {
    const paragraphs = isRecord(article) && Array.isArray(article.paragraphs) ? article.paragraphs : [];
    for (const p of paragraphs) if (isRecord(p) && typeof p.context === 'string') out.push(p.context);
  }
  return out;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/**
 * ~`bytes` of text as ~1000-character chunks cut at sentence ends (or spaces),
 * taken from the paragraphs joined end to end and cycled if the corpus is short.
 */
function chunks(paragraphs: string[], bytes: number): string[] {
  const prose = paragraphs.join('\n\n');
  const out: string[] = [];
  let total = 0;
  let at = 0;
  while (total < bytes && prose.length > 0) {
    if (at >= prose.length) at = 0;
    let end = Math.min(prose.length, at + CHUNK_CHARS);
    if (end < prose.length) {
      const stop = prose.lastIndexOf('. ', end);
      const space = prose.lastIndexOf(' ', end);
      end = stop > at + CHUNK_CHARS / 2 ? stop + 1 : space > at ? space : end;
    }
    const chunk = prose.slice(at, end).trim();
    if (chunk.length > 0) {
      out.push(chunk);
      total += Buffer.byteLength(chunk, 'utf8');
    }
    at = end;
  }
  return out;
}

async function main(): Promise<void> {
  const megabytes = Number(process.argv[2] ?? '1') || 1;
  const texts = chunks(contexts(CORPUS), megabytes * 1_000_000);
  const bytes = texts.reduce((n, t) => n + Buffer.byteLength(t, 'utf8'), 0);

  const loadStart = performance.now();
  getWink('tagged');
  const loadMs = performance.now() - loadStart;

  const extractor = createBuiltinExtractor();
  // Warm-up so the JIT has compiled the hot paths before we time them.
  for (const t of texts.slice(0, 200)) await extractor.extract(t);

  let entities = 0;
  let facts = 0;
  const runs: number[] = [];
  for (let r = 0; r < 3; r++) {
    entities = 0;
    facts = 0;
    const t0 = performance.now();
    for (const t of texts) {
      const result = await extractor.extract(t);
      entities += result.entities.length;
      facts += result.facts.length;
    }
    runs.push((performance.now() - t0) / 1000);
  }
  const best = Math.min(...runs);
  const median = runs.slice().sort((a, b) => a - b)[1] ?? best;
  const fmt = (s: number): string => `${(bytes / 1e6 / s).toFixed(2)} MB/s, ${(texts.length / s).toFixed(0)} chunks/s`;
  console.log(`corpus      ${CORPUS}`);
  console.log(`input       ${(bytes / 1e6).toFixed(2)} MB in ${texts.length} chunks (avg ${Math.round(bytes / texts.length)} B)`);
  console.log(`model load  ${loadMs.toFixed(0)} ms (once per process)`);
  console.log(`best        ${fmt(best)}`);
  console.log(`median      ${fmt(median)}`);
  console.log(`output      ${(entities / texts.length).toFixed(1)} entities, ${(facts / texts.length).toFixed(1)} facts per chunk`);
}

await main();
