import type { ChatModel, Embedder, Extractor, WebSearch } from '../ports';
import type { ModelInstaller } from './model-installer';

/** Which embedder fills the vector index. */
export type EmbedderChoice =
  | { kind: 'hashed' }
  /** A transformers.js feature-extraction model, by folder name under the models folder (or hub id). */
  | { kind: 'transformers'; model: string }
  | { kind: 'ollama'; model: string };

/** The user's model configuration: changed through the settings API, kept in the data folder. */
export interface ModelSettings {
  ollamaHost: string;
  /** null: the first installed model that can generate text. */
  answerModel: string | null;
  /** null: the built-in extractor (a model extracts far better but takes seconds per chunk). */
  extractionModel: string | null;
  embedder: EmbedderChoice;
  /** A SearXNG instance for web search; null: off. */
  webSearchUrl: string | null;
}

export interface SettingsStore {
  load(): Promise<Partial<ModelSettings> | null>;
  save(settings: ModelSettings): Promise<void>;
}

export type ProgressListener = (fraction: number, message: string) => void;

/** Builds the model-backed adapters from settings; the engine swaps them when settings change. */
export interface ModelBackends {
  chatModel(ollamaHost: string): ChatModel;
  /** The extractor for these settings; `builtin` itself when no extraction model is set. */
  extractor(settings: ModelSettings, builtin: Extractor): Extractor;
  /** Loads (and, when allowed, downloads) an embedder; rejects with a reason the user can act on. */
  openEmbedder(choice: Exclude<EmbedderChoice, { kind: 'hashed' }>, ollamaHost: string, progress: ProgressListener): Promise<Embedder>;
  webSearch(url: string): WebSearch;
  /** Pulls and downloads models for first-run setup; absent: models cannot be installed from the app. */
  installer?: ModelInstaller;
  close(): Promise<void>;
}

export const embedderLabel = (choice: EmbedderChoice): string => (choice.kind === 'hashed' ? 'hashed' : `${choice.kind}:${choice.model}`);
