import { z } from 'zod';
import type { Engine } from '../../../core/engine';
import { route, type AnyRouteSpec } from '../route-spec';

const systemInfo = z
  .object({
    version: z.string(),
    api_base_url: z.string().meta({ description: 'Where this API answers, for other tools to connect' }),
    data_dir: z.string().nullable().meta({ description: "The data folder; shown only to the machine's local owner account" }),
    components: z.record(z.string(), z.string()),
    models: z.object({
      provider: z.string().nullable().meta({ description: 'The answer model provider (e.g. ollama); null: answers are extractive' }),
      reachable: z.boolean(),
      available: z.array(z.string()).meta({ description: 'Models the provider can run now; a query may name one in `model`' }),
    }),
  })
  .meta({ id: 'SystemInfo' });

/** What the desktop app's settings show: version, addresses, data folder, components and models. */
export function systemRoutes(engine: Engine): AnyRouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/api/system',
      summary: 'Version, API address, data folder (local owner only), components and available answer models',
      tag: 'service',
      auth: true,
      response: systemInfo,
      handle: async ({ c, auth }) => {
        const [health, models] = await Promise.all([engine.health(), engine.answerModels()]);
        return c.json({
          version: engine.config.version,
          api_base_url: new URL(c.req.url).origin,
          data_dir: auth.account.plan === 'local' ? engine.config.dataDir : null,
          components: health.components,
          models: { ...models, reachable: models.available.length > 0 },
        });
      },
    }),
  ];
}
