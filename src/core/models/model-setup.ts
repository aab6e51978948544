import type { ModelSetupConfig, RecommendedModel } from '../config';
import { installedName } from '../answer/answerer';
import { KbError, invalid, notFound } from '../errors';
import { newId } from '../ids';
import type { DownloadProgress, InstalledOllamaModel, ModelInstaller } from './model-installer';
import type { EmbedderState, ModelRuntime } from './model-runtime';
import type { EmbedderChoice } from './model-settings';
import type { IndexBuildStatus } from './vector-sync';

export type DownloadKind = 'ollama' | 'transformers';

/** One model being fetched (or fetched before): an Ollama pull or a transformers.js download. */
export interface ModelDownload {
  id: string;
  kind: DownloadKind;
  model: string;
  state: 'running' | 'completed' | 'cancelled' | 'failed';
  completedBytes: number;
  totalBytes: number;
  message: string;
  error: string | null;
  /** Whether the model is put to use once installed. */
  activate: boolean;
  /** What it became once installed: the answer model or the embedder; null until then, or when not activated. */
  activatedAs: 'answer_model' | 'embedder' | null;
  startedAt: string;
  updatedAt: string;
}

export interface OfferedModel extends RecommendedModel {
  installed: boolean;
}

export interface SetupStatus {
  /** Nothing but the built-in parts: no model writes answers and the embedder is the lexical one. */
  needsSetup: boolean;
  ollama: {
    host: string;
    reachable: boolean;
    installed: InstalledOllamaModel[];
    /** How to get Ollama, when it does not answer; null when it does. */
    howToGet: string | null;
  };
  /** The model answers are written with now; null: answers quote the documents. */
  answerModel: string | null;
  embedder: { choice: EmbedderChoice; state: EmbedderState };
  vectorIndex: IndexBuildStatus;
  offered: { chatModels: OfferedModel[]; ollamaEmbedders: OfferedModel[]; transformersEmbedders: OfferedModel[] };
  downloads: ModelDownload[];
}

export const OLLAMA_DOWNLOAD_URL = 'https://ollama.com/download';

// A model name becomes a path under the data folder (transformers.js) or a registry name (Ollama).
const HUB_ID = /^[A-Za-z0-9][\w.-]*(?:\/[A-Za-z0-9][\w.-]*)?$/u;
const OLLAMA_NAME = /^[A-Za-z0-9][\w.-]*(?:\/[A-Za-z0-9][\w.-]*)*(?::[\w.-]+)?$/u;

/** Setup as one caller sees it (the engine binds the caller's vector index). */
export interface ModelSetupAccess {
  status(): Promise<SetupStatus>;
  pull(model: string, activate: boolean): ModelDownload;
  download(model: string, activate: boolean): ModelDownload;
  cancel(id: string): Promise<ModelDownload>;
}

interface Task {
  record: ModelDownload;
  controller: AbortController;
  settled: Promise<void>;
}

const canGenerate = (m: InstalledOllamaModel): boolean => m.capabilities.length === 0 || m.capabilities.includes('completion');
const isEmbedding = (m: InstalledOllamaModel): boolean => m.capabilities.includes('embedding');

/**
 * First-run model setup for the installation: what is offered and installed, pulls through
 * Ollama and transformers.js downloads with their progress, cancel and resume, and the installed
 * model put to use (answers, or the embedder, whose index is then rebuilt in the background).
 * Nothing is downloaded except by an explicit call here.
 */
export class ModelSetup {
  private readonly tasks = new Map<string, Task>();
  private closed = false;

  constructor(
    private readonly deps: {
      models: ModelRuntime;
      installer: ModelInstaller | null;
      config: ModelSetupConfig;
    },
  ) {}

  /** `vectorIndex`: the caller's index, whose rebuild follows a new embedder. */
  async status(vectorIndex: IndexBuildStatus): Promise<SetupStatus> {
    const settings = this.deps.models.settings();
    const listed = (await this.deps.installer?.ollamaModels(settings.ollamaHost).catch(() => null)) ?? null;
    const installed = listed ?? [];
    const names = installed.map((m) => m.name);
    const has = (name: string): boolean => installedName(names, name) !== null;
    const answerModel =
      settings.answerModel !== null
        ? installedName(names, settings.answerModel)
        : (installed.find(canGenerate)?.name ?? null);
    const transformersInstalled = async (m: RecommendedModel): Promise<OfferedModel> => ({
      ...m,
      installed: (await this.deps.installer?.transformersModelInstalled(m.name).catch(() => false)) ?? false,
    });
    return {
      needsSetup: answerModel === null && settings.embedder.kind === 'hashed',
      ollama: {
        host: settings.ollamaHost,
        reachable: listed !== null,
        installed,
        howToGet:
          listed === null
            ? `Ollama is not running at ${settings.ollamaHost}. Install it from ${OLLAMA_DOWNLOAD_URL}, start it, and check again. Until then answers quote your documents, with citations.`
            : null,
      },
      answerModel,
      embedder: { choice: settings.embedder, state: this.deps.models.embedderState },
      vectorIndex,
      offered: {
        chatModels: this.deps.config.chatModels.map((m) => ({ ...m, installed: has(m.name) })),
        ollamaEmbedders: this.deps.config.ollamaEmbedders.map((m) => ({ ...m, installed: has(m.name) })),
        transformersEmbedders: await Promise.all(this.deps.config.transformersEmbedders.map(transformersInstalled)),
      },
      downloads: [...this.tasks.values()].map((t) => ({ ...t.record })),
    };
  }

  /** Pulls a model with Ollama (or continues a pull that was cancelled or failed). */
  pull(model: string, activate: boolean): ModelDownload {
    if (!OLLAMA_NAME.test(model)) throw invalid('model', 'not an Ollama model name', `'${model}' is not an Ollama model name`);
    const installer = this.installer();
    const host = this.deps.models.settings().ollamaHost;
    return this.start('ollama', model, activate, async (signal, progress) => {
      if ((await installer.ollamaModels(host)) === null) {
        throw new Error(`Ollama is not running at ${host}: install it from ${OLLAMA_DOWNLOAD_URL} and start it`);
      }
      await installer.pullOllamaModel(host, model, signal, progress);
      const listed = (await installer.ollamaModels(host)) ?? [];
      const name = installedName(listed.map((m) => m.name), model);
      const pulled = listed.find((m) => m.name === name) ?? null;
      return pulled && isEmbedding(pulled) ? { embedder: { kind: 'ollama', model: pulled.name } } : { answerModel: pulled?.name ?? model };
    });
  }

  /** Downloads a transformers.js embedding model from the configured host (or continues one). */
  download(model: string, activate: boolean): ModelDownload {
    if (!HUB_ID.test(model) || model.split('/').includes('..')) throw invalid('model', 'not a model id (owner/name)', `'${model}' is not a model id like owner/name`);
    const installer = this.installer();
    return this.start('transformers', model, activate, async (signal, progress) => {
      await installer.downloadTransformersModel(model, this.deps.config.downloadHost, signal, progress);
      return { embedder: { kind: 'transformers', model } };
    });
  }

  /** Stops a running download; the record stays, and starting the same model again resumes it. */
  async cancel(id: string): Promise<ModelDownload> {
    const task = [...this.tasks.values()].find((t) => t.record.id === id);
    if (!task) throw notFound('download', id);
    if (task.record.state === 'running') {
      task.controller.abort();
      await task.settled;
    }
    return { ...task.record };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.tasks.values()) task.controller.abort();
    await Promise.all([...this.tasks.values()].map((t) => t.settled));
  }

  private installer(): ModelInstaller {
    if (this.closed) throw new KbError('conflict', 'the server is stopping');
    if (!this.deps.installer) throw new KbError('invalid_request', 'this engine was built without model adapters; no model can be installed');
    return this.deps.installer;
  }

  private start(
    kind: DownloadKind,
    model: string,
    activate: boolean,
    run: (signal: AbortSignal, progress: (p: DownloadProgress) => void) => Promise<{ answerModel: string } | { embedder: EmbedderChoice }>,
  ): ModelDownload {
    const key = `${kind}:${model}`;
    const existing = this.tasks.get(key);
    if (existing?.record.state === 'running') return { ...existing.record };
    const now = new Date().toISOString();
    const record: ModelDownload = {
      id: existing?.record.id ?? newId('dl'),
      kind,
      model,
      state: 'running',
      // A resumed download starts from what it had: the bytes already fetched are not fetched again.
      completedBytes: existing?.record.completedBytes ?? 0,
      totalBytes: existing?.record.totalBytes ?? 0,
      message: existing ? 'resuming' : 'starting',
      error: null,
      activate,
      activatedAs: null,
      startedAt: now,
      updatedAt: now,
    };
    const controller = new AbortController();
    const update = (patch: Partial<ModelDownload>): void => {
      if (record.state !== 'running') return;
      Object.assign(record, patch, { updatedAt: new Date().toISOString() });
    };
    const settled = (async () => {
      try {
        const use = await run(controller.signal, (p) => update({ completedBytes: p.completed, totalBytes: Math.max(p.total, p.completed), message: p.message }));
        controller.signal.throwIfAborted();
        let activatedAs: ModelDownload['activatedAs'] = null;
        if (activate) {
          const settings = this.deps.models.settings();
          if ('embedder' in use) await this.deps.models.update({ ...settings, embedder: use.embedder });
          else await this.deps.models.update({ ...settings, answerModel: use.answerModel });
          activatedAs = 'embedder' in use ? 'embedder' : 'answer_model';
        }
        update({ completedBytes: Math.max(record.completedBytes, record.totalBytes), message: activatedAs ? `installed; now the ${activatedAs === 'embedder' ? 'embedder' : 'answer model'}` : 'installed', activatedAs });
        record.state = 'completed';
      } catch (error) {
        if (controller.signal.aborted) {
          update({ message: 'cancelled; start it again to resume' });
          record.state = 'cancelled';
        } else {
          const reason = error instanceof Error ? error.message : String(error);
          update({ message: 'failed', error: reason });
          record.state = 'failed';
        }
      }
    })();
    this.tasks.set(key, { record, controller, settled });
    return { ...record };
  }
}
