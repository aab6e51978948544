import { z } from 'zod';
import type { Engine } from '../../../core/engine';
import { settingsPatchSchema } from '../../../core/models/settings-view';
import { route, type AnyRouteSpec } from '../route-spec';

const status = z.object({ state: z.string(), progress: z.number(), message: z.string() }).passthrough();
const settingsView = z
  .object({
    success: z.boolean(),
    settings: z.object({
      ollama_host: z.string(),
      answer_model: z.string().nullable(),
      extraction_model: z.string().nullable(),
      embedder: z.object({ kind: z.enum(['hashed', 'transformers', 'ollama']), model: z.string().optional() }),
      web_search_url: z.string().nullable(),
    }),
    status: z.object({ embedder: status, vector_index: status }),
  })
  .meta({ id: 'ModelSettings' });

/** GET/PUT /settings/models: Ollama host, answer and extraction models, embedder, web search. */
export function settingsRoutes(engine: Engine): AnyRouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/settings/models',
      summary: 'Model settings, and the state of the embedder and of this account\'s vector index',
      tag: 'settings',
      auth: true,
      response: settingsView,
      handle: async ({ c, auth }) => c.json(await engine.modelSettings(auth)),
    }),
    route({
      method: 'put',
      path: '/settings/models',
      summary: 'Change model settings (local owner only); a new embedder is loaded and indexed in the background',
      tag: 'settings',
      auth: true,
      body: settingsPatchSchema,
      errors: [403],
      response: settingsView,
      handle: async ({ c, auth, body }) => c.json(await engine.updateModelSettings(auth, body)),
    }),
  ];
}
