import type { EngineConfig } from '../config';
import type { ChatModel, Embedder, Extractor, WebSearch } from '../ports';
import { embedderLabel, type EmbedderChoice, type ModelBackends, type ModelSettings, type SettingsStore } from './model-settings';

export interface EmbedderState {
  choice: string;
  state: 'ready' | 'loading' | 'failed';
  progress: number;
  message: string;
}

/** What a knowledge base asks of the models in use right now. */
export interface ModelAccess {
  extractor(): Extractor;
  chatModel(): ChatModel | null;
  settings(): ModelSettings;
  webSearch(): WebSearch | null;
  /** A loaded embedder by id: the one an existing index was built with, if it is still loaded. */
  embedderById(id: string): Embedder | null;
  /** The embedder the settings ask for, once loaded; null while it loads. */
  desiredEmbedder(): Embedder | null;
}

/**
 * The models in use, rebuilt when the settings change. A newly chosen embedder loads in the
 * background while the previous one stays loaded, so indexes built with it keep answering
 * until each knowledge base has built its new index.
 */
export class ModelRuntime implements ModelAccess {
  private current: ModelSettings;
  private chat: ChatModel | null = null;
  private extractorNow: Extractor;
  private search: WebSearch | null = null;
  private readonly embedders = new Map<string, Embedder>();
  private desired: Embedder | null;
  private loadToken = 0;
  private readonly readyListeners: (() => void)[] = [];
  embedderState: EmbedderState;

  constructor(
    config: EngineConfig,
    private readonly builtinExtractor: Extractor,
    private readonly baseEmbedder: Embedder | null,
    private readonly backends: ModelBackends | null,
    private readonly store: SettingsStore | null,
  ) {
    this.current = { ollamaHost: config.ollamaHost, ...config.models.defaults };
    this.extractorNow = builtinExtractor;
    this.desired = baseEmbedder;
    if (baseEmbedder) this.embedders.set(baseEmbedder.id, baseEmbedder);
    this.embedderState = { choice: 'hashed', state: 'ready', progress: 1, message: baseEmbedder ? `using ${baseEmbedder.id}` : 'no embedder' };
  }

  /** Reads the saved settings and starts loading what they name. */
  async start(): Promise<void> {
    const saved = (await this.store?.load()) ?? null;
    this.apply({ ...this.current, ...saved });
  }

  /** Saves and applies new settings. */
  async update(next: ModelSettings): Promise<void> {
    await this.store?.save(next);
    this.apply(next);
  }

  get canChange(): boolean {
    return this.backends !== null;
  }

  onEmbedderReady(listener: () => void): void {
    this.readyListeners.push(listener);
  }

  settings = (): ModelSettings => this.current;
  extractor = (): Extractor => this.extractorNow;
  chatModel = (): ChatModel | null => this.chat;
  webSearch = (): WebSearch | null => this.search;
  embedderById = (id: string): Embedder | null => this.embedders.get(id) ?? null;
  desiredEmbedder = (): Embedder | null => this.desired;

  async close(): Promise<void> {
    this.loadToken += 1;
    await this.backends?.close();
  }

  private apply(next: ModelSettings): void {
    const previous = this.current;
    this.current = next;
    if (!this.backends) return;
    this.chat = this.backends.chatModel(next.ollamaHost);
    this.extractorNow = this.backends.extractor(next, this.builtinExtractor);
    this.search = next.webSearchUrl ? this.backends.webSearch(next.webSearchUrl) : null;
    const embedderChanged = embedderLabel(previous.embedder) !== embedderLabel(next.embedder) || this.embedderState.state === 'failed';
    if (embedderChanged || (next.embedder.kind === 'ollama' && previous.ollamaHost !== next.ollamaHost)) this.loadEmbedder(next.embedder);
  }

  private loadEmbedder(choice: EmbedderChoice): void {
    const token = ++this.loadToken;
    const label = embedderLabel(choice);
    if (choice.kind === 'hashed' || !this.backends) {
      this.ready(token, label, this.baseEmbedder);
      return;
    }
    this.desired = null;
    this.embedderState = { choice: label, state: 'loading', progress: 0, message: `loading ${label}` };
    this.backends
      .openEmbedder(choice, this.current.ollamaHost, (progress, message) => {
        if (token === this.loadToken) this.embedderState = { choice: label, state: 'loading', progress, message };
      })
      .then(
        (embedder) => this.ready(token, label, embedder),
        (error: unknown) => {
          if (token !== this.loadToken) return;
          // The built-in embedder takes over, so search by meaning degrades to lexical instead of stopping.
          const reason = error instanceof Error ? error.message : String(error);
          this.ready(token, label, this.baseEmbedder);
          this.embedderState = { choice: label, state: 'failed', progress: 0, message: `${label} could not be loaded: ${reason}; using ${this.baseEmbedder?.id ?? 'no embedder'}` };
        },
      );
  }

  private ready(token: number, label: string, embedder: Embedder | null): void {
    if (token !== this.loadToken) return;
    if (embedder) this.embedders.set(embedder.id, embedder);
    this.desired = embedder;
    this.embedderState = { choice: label, state: 'ready', progress: 1, message: embedder ? `using ${embedder.id}` : 'no embedder' };
    for (const listener of this.readyListeners) listener();
  }
}
