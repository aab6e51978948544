/**
 * Does the offline (hashed, lexical) vector leg help or hurt ranking? The 240 XQuAD paragraphs
 * are stored once, one document each; every one of the 1,190 questions is then asked under three
 * fusion weights of the vector leg, and scored by where its own paragraph lands in the fused top 10.
 */
import { DEFAULT_RETRIEVAL, type RetrievalConfig } from '../src/core/config';
import type { KnowledgeBase } from '../src/core/knowledge-base';
import { makeDataDir, openBenchEngine, removeDataDir } from './bench-engine';
import { queryRequest } from './latency';
import { xquadParagraphs } from './real-data';

export interface QualitySetting {
  name: string;
  vectorWeight: number;
  questions: number;
  mrr10: number;
  recall5: number;
  recall1: number;
  /** The same, counting as a miss every question the coverage gate (default threshold) would refuse. */
  gatedMrr10: number;
  gatedRecall5: number;
  meanQueryMs: number;
  /** Per question, against the text leg alone: how often the gold paragraph ranked higher or lower. */
  vsTextOnly: { better: number; worse: number; same: number };
}

const TOP_K = 10;
const SETTINGS: { name: string; lexical: number }[] = [
  { name: '(a) text leg only', lexical: 0 },
  { name: '(b) default config', lexical: DEFAULT_RETRIEVAL.vectorWeight.lexical },
  { name: '(c) vector at equal weight', lexical: 1 },
];

export async function measureVectorLeg(): Promise<{ paragraphs: number; settings: QualitySetting[] }> {
  const paragraphs = xquadParagraphs();
  const dataDir = makeDataDir();
  try {
    const paragraphOf = await storeParagraphs(dataDir, paragraphs.map((p) => ({ key: p.key, content: p.context })));
    const settings: QualitySetting[] = [];
    let baseline: number[] | null = null;
    for (const setting of SETTINGS) {
      // The coverage gate is switched off so the rank is the fusion's alone; its effect is
      // reported separately from the coverage each result carries.
      const retrieval: RetrievalConfig = { ...DEFAULT_RETRIEVAL, topK: TOP_K, coverageThreshold: 0, vectorWeight: { ...DEFAULT_RETRIEVAL.vectorWeight, lexical: setting.lexical } };
      const { engine, kb } = await openBenchEngine(dataDir, { retrieval });
      try {
        const { ranks, ...figures } = await score(kb, paragraphs, paragraphOf);
        baseline ??= ranks;
        settings.push({ name: setting.name, vectorWeight: setting.lexical, ...figures, vsTextOnly: compareRanks(ranks, baseline) });
      } finally {
        await engine.close();
      }
    }
    return { paragraphs: paragraphs.length, settings };
  } finally {
    removeDataDir(dataDir);
  }
}

/** Stores each paragraph as its own document; returns document id → paragraph key. */
async function storeParagraphs(dataDir: string, docs: { key: string; content: string }[]): Promise<Map<string, string>> {
  const { engine, kb } = await openBenchEngine(dataDir);
  try {
    const jobs = await kb.insert(docs.map((d) => ({ title: d.key, content: d.content })));
    await engine.idle();
    const paragraphOf = new Map<string, string>();
    for (const [i, job] of jobs.entries()) {
      const done = await kb.getJob(job.id);
      const key = docs[i]?.key;
      if (done.status !== 'completed' || !done.data || key === undefined) throw new Error(`XQuAD paragraph ${i} failed to ingest`);
      paragraphOf.set(done.data.document_id, key);
    }
    return paragraphOf;
  } finally {
    await engine.close();
  }
}

/** Paired comparison: a small MRR difference means more when it is many small moves one way. */
function compareRanks(ranks: number[], baseline: number[]): QualitySetting['vsTextOnly'] {
  const result = { better: 0, worse: 0, same: 0 };
  ranks.forEach((rank, i) => {
    const base = baseline[i] ?? Infinity;
    if (rank < base) result.better++;
    else if (rank > base) result.worse++;
    else result.same++;
  });
  return result;
}

type Scores = Omit<QualitySetting, 'name' | 'vectorWeight' | 'vsTextOnly'> & { ranks: number[] };

async function score(kb: KnowledgeBase, paragraphs: ReturnType<typeof xquadParagraphs>, paragraphOf: Map<string, string>): Promise<Scores> {
  const ranks: number[] = [];
  let questions = 0;
  let reciprocal = 0;
  let top5 = 0;
  let top1 = 0;
  let gatedReciprocal = 0;
  let gatedTop5 = 0;
  let ms = 0;
  for (const paragraph of paragraphs) {
    for (const question of paragraph.questions) {
      const start = performance.now();
      const prepared = await kb.prepareQuery(queryRequest(question, 'chat'));
      ms += performance.now() - start;
      // A long paragraph can be two chunks; the first one in the list is its rank.
      const index = prepared.result.chunks.findIndex((c) => paragraphOf.get(c.chunk.documentId) === paragraph.key);
      const rr = index >= 0 && index < TOP_K ? 1 / (index + 1) : 0;
      ranks.push(index >= 0 && index < TOP_K ? index + 1 : Infinity);
      const passesGate = prepared.result.coverage >= DEFAULT_RETRIEVAL.coverageThreshold;
      questions++;
      reciprocal += rr;
      if (index >= 0 && index < 5) top5++;
      if (index === 0) top1++;
      if (passesGate) {
        gatedReciprocal += rr;
        if (index >= 0 && index < 5) gatedTop5++;
      }
    }
  }
  return {
    ranks,
    questions,
    mrr10: reciprocal / questions,
    recall5: top5 / questions,
    recall1: top1 / questions,
    gatedMrr10: gatedReciprocal / questions,
    gatedRecall5: gatedTop5 / questions,
    meanQueryMs: ms / questions,
  };
}
