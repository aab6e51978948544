import { z } from 'zod';
import { KbError } from '../errors';
import type { IndexBuildStatus } from './vector-sync';
import type { EmbedderState, ModelRuntime } from './model-runtime';
import type { ModelSettings } from './model-settings';

const httpUrl = z.url({ protocol: /^https?$/ });
const modelName = z.string().trim().min(1).max(200);

/** PUT /settings/models: every field optional; null clears a model choice. */
export const settingsPatchSchema = z
  .object({
    ollama_host: httpUrl.optional(),
    answer_model: modelName.nullable().optional(),
    extraction_model: modelName.nullable().optional(),
    embedder: z
      .discriminatedUnion('kind', [
        z.object({ kind: z.literal('hashed') }),
        z.object({ kind: z.literal('transformers'), model: modelName }),
        z.object({ kind: z.literal('ollama'), model: modelName }),
      ])
      .optional(),
    web_search_url: httpUrl.nullable().optional(),
  })
  .strict();

export interface ModelSettingsView {
  success: true;
  settings: {
    ollama_host: string;
    answer_model: string | null;
    extraction_model: string | null;
    embedder: ModelSettings['embedder'];
    web_search_url: string | null;
  };
  status: { embedder: EmbedderState; vector_index: IndexBuildStatus };
}

export function parseSettingsUpdate(current: ModelSettings, patch: unknown): ModelSettings {
  const parsed = settingsPatchSchema.safeParse(patch);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({ field: i.path.join('.') || '(body)', problem: i.message }));
    throw new KbError('invalid_request', `invalid model settings: ${details.map((d) => `${d.field}: ${d.problem}`).join('; ')}`, { details });
  }
  const p = parsed.data;
  return {
    ollamaHost: p.ollama_host ?? current.ollamaHost,
    answerModel: p.answer_model === undefined ? current.answerModel : p.answer_model,
    extractionModel: p.extraction_model === undefined ? current.extractionModel : p.extraction_model,
    embedder: p.embedder ?? current.embedder,
    webSearchUrl: p.web_search_url === undefined ? current.webSearchUrl : p.web_search_url,
  };
}

export function modelSettingsView(models: ModelRuntime, index: IndexBuildStatus): ModelSettingsView {
  const s = models.settings();
  return {
    success: true,
    settings: {
      ollama_host: s.ollamaHost,
      answer_model: s.answerModel,
      extraction_model: s.extractionModel,
      embedder: s.embedder,
      web_search_url: s.webSearchUrl,
    },
    status: { embedder: models.embedderState, vector_index: index },
  };
}
