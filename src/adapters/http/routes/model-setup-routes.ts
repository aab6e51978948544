import type { Engine } from '../../../core/engine';
import { OLLAMA_DOWNLOAD_URL, type ModelDownload, type OfferedModel, type SetupStatus } from '../../../core/models/model-setup';
import { downloadRequest, downloadResult, pullRequest, setupStatus, type ModelDownloadOut, type SetupStatusOut } from '../../../shared/model-setup-schemas';
import { route, type AnyRouteSpec } from '../route-spec';

const downloadOut = (d: ModelDownload): ModelDownloadOut => ({
  download_id: d.id,
  kind: d.kind,
  model: d.model,
  state: d.state,
  completed_bytes: d.completedBytes,
  total_bytes: d.totalBytes,
  progress: d.state === 'completed' ? 1 : d.totalBytes > 0 ? Math.min(0.99, d.completedBytes / d.totalBytes) : 0,
  message: d.message,
  error: d.error,
  activate: d.activate,
  activated_as: d.activatedAs,
  started_at: d.startedAt,
  updated_at: d.updatedAt,
});

const offeredOut = (m: OfferedModel) => ({ name: m.name, size_bytes: m.sizeBytes, description: m.description, installed: m.installed });

const statusOut = (s: SetupStatus): SetupStatusOut => ({
  success: true,
  needs_setup: s.needsSetup,
  ollama: { host: s.ollama.host, reachable: s.ollama.reachable, installed: s.ollama.installed, how_to_get: s.ollama.howToGet, download_url: OLLAMA_DOWNLOAD_URL },
  answer_model: s.answerModel,
  embedder: { choice: s.embedder.choice, state: s.embedder.state.state, progress: s.embedder.state.progress, message: s.embedder.state.message },
  vector_index: { embedder_id: s.vectorIndex.embedderId, state: s.vectorIndex.state, progress: s.vectorIndex.progress, message: s.vectorIndex.message },
  offered: {
    chat_models: s.offered.chatModels.map(offeredOut),
    ollama_embedders: s.offered.ollamaEmbedders.map(offeredOut),
    transformers_embedders: s.offered.transformersEmbedders.map(offeredOut),
  },
  downloads: s.downloads.map(downloadOut),
});

/** First-run model setup: per installation, so the local owner account only (403 for every other account). */
export function modelSetupRoutes(engine: Engine): AnyRouteSpec[] {
  const guard = (auth: Parameters<Engine['modelSetup']>[0]): void => void engine.modelSetup(auth);
  return [
    route({
      method: 'get',
      path: '/setup/models',
      summary: 'What model setup offers, what is installed and in use, and every download with its progress (poll it)',
      tag: 'settings',
      auth: true,
      guard,
      errors: [403],
      response: setupStatus,
      handle: async ({ c, auth }) => c.json(statusOut(await engine.modelSetup(auth).status())),
    }),
    route({
      method: 'post',
      path: '/setup/models/pull',
      summary: 'Pull a model with Ollama in the background, or resume a cancelled pull; by default it is put to use once installed',
      tag: 'settings',
      auth: true,
      guard,
      body: pullRequest,
      errors: [403],
      response: downloadResult,
      handle: async ({ c, auth, body }) => c.json({ success: true as const, download: downloadOut(engine.modelSetup(auth).pull(body.model, body.activate)) }),
    }),
    route({
      method: 'post',
      path: '/setup/models/download',
      summary: 'Download a transformers.js embedding model into the data folder in the background, or resume one; by default it becomes the embedder',
      tag: 'settings',
      auth: true,
      guard,
      body: downloadRequest,
      errors: [403],
      response: downloadResult,
      handle: async ({ c, auth, body }) => c.json({ success: true as const, download: downloadOut(engine.modelSetup(auth).download(body.model, body.activate)) }),
    }),
    route({
      method: 'post',
      path: '/setup/models/downloads/{download_id}/cancel',
      summary: 'Cancel a running pull or download; starting the same model again resumes it',
      tag: 'settings',
      auth: true,
      guard,
      errors: [403, 404],
      response: downloadResult,
      handle: async ({ c, auth, params }) => c.json({ success: true as const, download: downloadOut(await engine.modelSetup(auth).cancel(params.download_id ?? '')) }),
    }),
  ];
}
