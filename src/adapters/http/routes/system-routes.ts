import type { Engine } from '../../../core/engine';
import { systemInfo } from '../../../shared/api-response-schemas';
import { route, type AnyRouteSpec } from '../route-spec';

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
          models,
        });
      },
    }),
  ];
}
