/**
 * The engine's whole configuration, passed in as one object. The engine never reads the
 * environment; the entry points (src/node, src/main) build this from env, argv or settings.
 */
import { DEFAULT_REQUEST_LIMITS, type RequestLimits } from '../shared/limits';
import type { ModelSettings } from './models/model-settings';
import type { GateModel } from './retrieval/answerability';
import { ENCODER_GATE_MODEL, GATE_MODEL } from './retrieval/gate-model';

export type PlanName = 'free' | 'pro' | 'local';

export interface PlanLimits {
  /** Queries a calendar month; null = unlimited. */
  queriesPerMonth: number | null;
  /** Requests a minute; null = unlimited. */
  requestsPerMinute: number | null;
}

/** Request limits (shared with the API schemas) plus the byte limits the server enforces. */
export interface Limits extends RequestLimits {
  maxInsertBytes: number;
  maxUploadBytes: number;
  maxRequestBytes: number;
}

export interface RetrievalConfig {
  /** How many chunks each retrieval leg returns before fusion. */
  candidates: number;
  /** How many fused chunks a query returns. */
  topK: number;
  /** Reciprocal-rank-fusion constant. */
  rrfK: number;
  /**
   * Weight of the vector leg in fusion, per embedder quality. A lexical (hashed) embedder only
   * duplicates BM25 with more noise: at weight 0.15 it moved 2 XQuAD questions up and 4 down
   * (`npm run bench`), so it is left out of the fusion and only answers when the text leg finds
   * nothing at all.
   */
  vectorWeight: { lexical: number; semantic: number };
  /**
   * Weight of the graph leg per query depth. Single-hop questions are answered best by the text
   * itself (a heavier graph leg lowered XQuAD MRR from 0.943 to 0.883), so basic depth only uses
   * it to break ties; deeper modes lean on it a little more.
   */
  graphWeight: { basic: number; thinking: number; research: number };
  /** Fusion weight of the best passages of documents titled with a name the question uses. */
  namedPageWeight: number;
  /** Fusion weight of bridge passages from a document titled with the bridge's name (its own page). */
  bridgePageWeight: number;
  /** Answerability (the gate model's probability) below which a question is refused as not covered. */
  coverageThreshold: number;
  /** The answerability model over the answer signals (retrieval/answer-signals.ts). */
  gate: GateModel;
  /** The same with the sentence encoder's closeness (`sentenceMeaning`), used once the encoder has been asked. */
  encoderGate: GateModel;
  /** Answerability by words below which the sentence encoder is asked (it is slow beside the words). */
  encoderBelow: number;
  /** Chunks at which the knowledge base's own word statistics weigh as much as general English. */
  smallBase: number;
  /** Passages of general English that ranking adds to the base's when it counts how common a term is. */
  rankPrior: number;
  /** What a related word (synonym, vector neighbour) counts for against the word itself, at closeness 1. */
  relatedCredit: number;
  /** Bridges (second hops) are searched only when the best text matches cover less of the question than this. */
  bridgeBelow: number;
  /** Passages at the top of the text leg that keep their place ahead of the fused order. */
  textLead: number;
  /** Bound on facts visited by research-depth walks. */
  researchFactBudget: number;
}

export interface ChunkingConfig {
  /** Target chunk size in characters. */
  targetChars: number;
  /** Overlap between neighbouring chunks, in characters. */
  overlapChars: number;
}

export interface EngineConfig {
  /** Folder that holds system.sqlite, owner.key and accounts/<id>/kb.sqlite. */
  dataDir: string;
  version: string;
  limits: Limits;
  plans: Record<PlanName, PlanLimits>;
  retrieval: RetrievalConfig;
  chunking: ChunkingConfig;
  /** Insert jobs processed at once per engine. */
  jobConcurrency: number;
  /** Ollama base URL for the model adapters. */
  ollamaHost: string;
  models: ModelsConfig;
}

export interface ModelsConfig {
  /** Settings until the user saves their own (the Ollama host comes from `ollamaHost`). */
  defaults: Omit<ModelSettings, 'ollamaHost'>;
  /** Largest context window asked of a model (num_ctx): memory grows with it. */
  contextCapTokens: number;
  /** Chunks sent to an extraction model at once. */
  extractionConcurrency: number;
  /** Longest wait for one chunk's extraction before the built-in extractor takes it. */
  extractionTimeoutMs: number;
  /** Whether a missing embedding model may be downloaded from the Hugging Face hub. */
  allowDownloads: boolean;
  /** Web results asked for per query. */
  webResults: number;
  /** What first-run setup offers, and where it downloads from. */
  setup: ModelSetupConfig;
}

/** A model that setup offers, with its download size (as its library lists it, rounded) so the user knows what they agree to. */
export interface RecommendedModel {
  name: string;
  sizeBytes: number;
  description: string;
}

export interface ModelSetupConfig {
  /** Hugging Face hub (or a mirror with its layout, `/{model}/resolve/{revision}/{file}`) for transformers.js models. */
  downloadHost: string;
  /** Small Ollama chat models offered when Ollama has none. */
  chatModels: RecommendedModel[];
  /** Ollama embedding models offered as embedders. */
  ollamaEmbedders: RecommendedModel[];
  /** transformers.js feature-extraction models (hub ids) offered as embedders. */
  transformersEmbedders: RecommendedModel[];
}

export const DEFAULT_MODEL_SETUP: ModelSetupConfig = {
  downloadHost: 'https://huggingface.co',
  chatModels: [
    { name: 'llama3.2:3b', sizeBytes: 2_000_000_000, description: 'Meta Llama 3.2, 3B: good answers on 8 GB of memory' },
    { name: 'qwen2.5:3b', sizeBytes: 1_900_000_000, description: 'Qwen 2.5, 3B: strong at following sources, many languages' },
    { name: 'llama3.2:1b', sizeBytes: 1_300_000_000, description: 'Meta Llama 3.2, 1B: for machines with little memory' },
  ],
  ollamaEmbedders: [{ name: 'nomic-embed-text', sizeBytes: 274_000_000, description: 'Nomic Embed: search by meaning through Ollama' }],
  transformersEmbedders: [
    { name: 'Xenova/all-MiniLM-L6-v2', sizeBytes: 90_000_000, description: 'all-MiniLM-L6-v2: search by meaning in English, runs inside the app' },
  ],
};

export const DEFAULT_MODELS: ModelsConfig = {
  defaults: { answerModel: null, extractionModel: null, embedder: { kind: 'hashed' }, webSearchUrl: null },
  contextCapTokens: 8192,
  extractionConcurrency: 2,
  extractionTimeoutMs: 120_000,
  allowDownloads: false,
  webResults: 5,
  setup: DEFAULT_MODEL_SETUP,
};

export const DEFAULT_LIMITS: Limits = {
  maxInsertBytes: 10 * 1024 * 1024,
  maxUploadBytes: 100 * 1024 * 1024,
  maxRequestBytes: 64 * 1024 * 1024,
  ...DEFAULT_REQUEST_LIMITS,
};

export const DEFAULT_PLANS: Record<PlanName, PlanLimits> = {
  free: { queriesPerMonth: 100, requestsPerMinute: 60 },
  pro: { queriesPerMonth: 10_000, requestsPerMinute: 600 },
  local: { queriesPerMonth: null, requestsPerMinute: null },
};

export const DEFAULT_RETRIEVAL: RetrievalConfig = {
  candidates: 50,
  topK: 8,
  rrfK: 60,
  vectorWeight: { lexical: 0, semantic: 1 },
  // The walk's passages lowered ranking quality at every weight tried (HotpotQA thinking MRR at
  // 0.25: 0.82, 0.1: 0.86, 0.01: 0.886; XQuAD thinking MRR at 0.1: 0.949, 0.01: 0.962); the bridge
  // legs reach second hops better, so the walk only breaks ties.
  graphWeight: { basic: 0.03, thinking: 0.01, research: 0.03 },
  namedPageWeight: 1,
  // HotpotQA basic: recall@5 0.845 → 0.895 and both gold in the top 10 0.89 → 0.95 with the pages
  // at weight 1 (0.875 / 0.95 at 0.5); XQuAD unchanged (its titles name no entity).
  bridgePageWeight: 1,
  // Chosen by fit-gate.ts from the answerable tuning questions (the rule: docs/figures.md, answer quality).
  coverageThreshold: 0.067,
  gate: GATE_MODEL,
  encoderGate: ENCODER_GATE_MODEL,
  // Chosen by fit-gate.ts (docs/figures.md).
  encoderBelow: 0.6,
  smallBase: 2000,
  // Chosen on the tuning halves (docs/figures.md, twenty-eighth session).
  rankPrior: 500,
  relatedCredit: 0.7,
  researchFactBudget: 400,
  // Chosen on the tuning halves (bench:quality --retrieval): with the text leg's first passage
  // kept first and no second hop for a question the first matches already cover whole, XQuAD
  // articles' MRR went up and HotpotQA's two-gold recall stayed (values in docs/figures.md).
  textLead: 1,
  bridgeBelow: 0.99,
};

export const DEFAULT_CHUNKING: ChunkingConfig = { targetChars: 1000, overlapChars: 150 };

/** Fills every field the caller left out with the documented defaults. */
export function resolveConfig(partial: Partial<EngineConfig> & { dataDir: string }): EngineConfig {
  return {
    version: partial.version ?? '0.0.0',
    limits: { ...DEFAULT_LIMITS, ...partial.limits },
    plans: { ...DEFAULT_PLANS, ...partial.plans },
    retrieval: { ...DEFAULT_RETRIEVAL, ...partial.retrieval },
    chunking: { ...DEFAULT_CHUNKING, ...partial.chunking },
    jobConcurrency: partial.jobConcurrency ?? 2,
    ollamaHost: partial.ollamaHost ?? 'http://127.0.0.1:11434',
    models: {
      ...DEFAULT_MODELS,
      ...partial.models,
      defaults: { ...DEFAULT_MODELS.defaults, ...partial.models?.defaults },
      setup: { ...DEFAULT_MODEL_SETUP, ...partial.models?.setup },
    },
    dataDir: partial.dataDir,
  };
}
