import type { Engine } from '../../../core/engine';
import { collectResponse, streamResponse } from '../../../core/answer/query-response';
import type { ApiSchemas } from '../../../shared/api-schemas';
import * as out from '../../../shared/api-response-schemas';
import { route, type AnyRouteSpec } from '../route-spec';
import { streamEvents } from '../sse';

export function queryRoutes(engine: Engine, schemas: ApiSchemas, log: (m: string, e: unknown) => void): AnyRouteSpec[] {
  return [
    route({
      method: 'post',
      path: '/query',
      summary: 'Ask a question; one JSON body, or Server-Sent Events when stream is true',
      tag: 'query',
      auth: true,
      body: schemas.queryRequest,
      errors: [404, 503],
      response: out.queryResponse,
      streams: out.streamEventSchema,
      handle: async ({ c, auth, body }) => {
        const prepared = await engine.query(auth, body);
        if (body.stream) return streamEvents(c, (signal) => streamResponse(prepared, signal), log);
        return c.json(await collectResponse(prepared, c.req.raw.signal));
      },
    }),
  ];
}
