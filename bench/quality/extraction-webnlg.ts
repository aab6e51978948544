/**
 * Fact extraction on WebNLG 2020 through the API: each entry's text is stored as a document
 * (POST /insert/bulk), its facts read back through GET /documents/{id}/facts and scored against
 * the entry's reference triples (entity pairs, and the challenge's exact and partial matching).
 * Each half gets its own data folder, so the share of entities typed "other" (GET /graph/entities
 * by type) is that half's alone. With `model`, extraction runs through an Ollama server instead
 * of the built-in extractor.
 */
import type { KbClient } from '../../src/client/index';
import type { EntityTypeName } from '../../src/client/types';
import { ENTITY_TYPE_NAMES } from '../../src/shared/graph-schemas';
import { makeDataDir, removeDataDir } from '../bench-engine';
import { HALVES, halfOf, type Half } from './halves';
import { startQualityServer } from './quality-server';
import { challengeScores, type ChallengeScores } from './webnlg-challenge-score';
import { loadWebnlg, type Triple, type WebnlgEntry } from './webnlg-data';
import { NO_COUNTS, addCounts, pairCounts, type PairCounts } from './webnlg-pair-score';

export interface ExtractionModel {
  host: string;
  name: string;
}

export interface ExtractionOptions {
  /** Entries per half; null: all of them. */
  limit: number | null;
  extractWorkers: number;
  model: ExtractionModel | null;
  log: (line: string) => void;
}

export interface ExtractionHalf {
  half: Half;
  entries: number;
  pairs: PairCounts;
  pairRecall: number;
  pairPrecision: number;
  challenge: ChallengeScores;
  /** Entities of the half's knowledge base by type, from GET /graph/entities. */
  types: Partial<Record<EntityTypeName, number>>;
  entities: number;
  otherShare: number;
  ingestSeconds: number;
  /** Pair counts per WebNLG category, by category name, so the spread between categories shows. */
  categories: { category: string; entries: number; pairs: PairCounts }[];
  /** Entries whose references were not all linked, for reading (tuning half only). */
  misses: { id: string; text: string; missed: Triple[]; facts: Triple[] }[];
}

export interface ExtractionSetResult {
  set: 'webnlg';
  extractor: string;
  halves: ExtractionHalf[];
}

const PAGE = 200;

export async function runWebnlg(options: ExtractionOptions): Promise<ExtractionSetResult> {
  const all = loadWebnlg();
  const halves: ExtractionHalf[] = [];
  for (const half of HALVES) {
    const entries = all.filter((e) => halfOf(e.id) === half).slice(0, options.limit ?? undefined);
    options.log(`webnlg ${half}: ${entries.length} entries`);
    halves.push(await runHalf(half, entries, options));
  }
  return { set: 'webnlg', extractor: options.model ? `ollama:${options.model.name}` : 'built-in', halves };
}

async function runHalf(half: Half, entries: WebnlgEntry[], options: ExtractionOptions): Promise<ExtractionHalf> {
  const dataDir = makeDataDir();
  const overrides = options.model ? { ollamaHost: options.model.host } : {};
  const server = await startQualityServer(dataDir, {}, options.model ? 0 : options.extractWorkers, overrides);
  try {
    const { client } = server;
    if (options.model) await client.updateModelSettings({ extraction_model: options.model.name });
    const started = performance.now();
    const documentIds = await store(client, entries, options.log);
    const ingestSeconds = (performance.now() - started) / 1000;
    let pairs = NO_COUNTS;
    const scored: { refs: Triple[]; cands: Triple[] }[] = [];
    const misses: ExtractionHalf['misses'] = [];
    const byCategory = new Map<string, { category: string; entries: number; pairs: PairCounts }>();
    for (const [i, entry] of entries.entries()) {
      const facts = await factsOf(client, documentIds[i] ?? '');
      const counts = pairCounts(entry.triples, facts);
      pairs = addCounts(pairs, counts);
      const category = byCategory.get(entry.category) ?? { category: entry.category, entries: 0, pairs: NO_COUNTS };
      byCategory.set(entry.category, { category: entry.category, entries: category.entries + 1, pairs: addCounts(category.pairs, counts) });
      scored.push({ refs: entry.triples, cands: facts });
      if (half === 'tuning' && counts.linked < counts.references) {
        misses.push({ id: entry.id, text: entry.text, missed: entry.triples.filter((r) => pairCounts([r], facts).linked === 0), facts });
      }
    }
    const types: Partial<Record<EntityTypeName, number>> = {};
    for (const type of ENTITY_TYPE_NAMES) types[type] = (await client.searchEntities('', { type: [type], limit: 1 })).total;
    const entities = Object.values(types).reduce((s, n) => s + n, 0);
    return {
      half,
      entries: entries.length,
      pairs,
      pairRecall: pairs.references > 0 ? pairs.linked / pairs.references : 0,
      pairPrecision: pairs.facts > 0 ? pairs.correct / pairs.facts : 0,
      challenge: challengeScores(scored),
      types,
      entities,
      otherShare: entities > 0 ? (types.other ?? 0) / entities : 0,
      ingestSeconds,
      categories: [...byCategory.values()].sort((a, b) => a.category.localeCompare(b.category)),
      misses,
    };
  } finally {
    await server.close();
    removeDataDir(dataDir);
  }
}

/** One document per entry, titled by its id, through bulk inserts; returns the document ids in entry order. */
async function store(client: KbClient, entries: WebnlgEntry[], log: (line: string) => void): Promise<string[]> {
  const ids: string[] = [];
  const BULK = 500;
  for (let start = 0; start < entries.length; start += BULK) {
    const batch = entries.slice(start, start + BULK);
    const { job_ids } = await client.bulkInsert(batch.map((e) => ({ title: e.id, content: e.text })));
    for (const [k, id] of job_ids.entries()) {
      const job = await client.waitForJob(id, { intervalMs: 50 });
      if (job.status !== 'completed' || !job.data) throw new Error(`entry ${batch[k]?.id} failed to ingest: ${JSON.stringify(job.error_details ?? job)}`);
      ids.push(job.data.document_id);
    }
    log(`  ${Math.min(start + BULK, entries.length)}/${entries.length} entries stored`);
  }
  return ids;
}

/** Every fact of a document, page by page, as triples (an attribute's value is its object). */
async function factsOf(client: KbClient, documentId: string): Promise<Triple[]> {
  const triples: Triple[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await client.documentFacts(documentId, { limit: PAGE, offset });
    triples.push(...page.facts.map((f) => ({ subject: f.subject, predicate: f.predicate, object: f.object })));
    if (offset + PAGE >= page.total) return triples;
  }
}
