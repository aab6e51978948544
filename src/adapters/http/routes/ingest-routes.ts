import type { Engine } from '../../../core/engine';
import { KbError } from '../../../core/errors';
import type { ApiSchemas, InsertRequest } from '../../../shared/api-schemas';
import * as out from '../../../shared/api-response-schemas';
import { jobOut } from '../api-mappers';
import { route, type AnyRouteSpec } from '../route-spec';

export function ingestRoutes(engine: Engine, schemas: ApiSchemas): AnyRouteSpec[] {
  const maxBytes = engine.config.limits.maxInsertBytes;
  const checkSize = (docs: InsertRequest[]): void => {
    docs.forEach((doc, i) => {
      if (Buffer.byteLength(doc.content) > maxBytes) {
        throw new KbError('payload_too_large', `content is over the ${maxBytes}-byte limit for insert; send larger files through /upload`, {
          details: [{ field: docs.length > 1 ? `documents.${i}.content` : 'content', problem: `over ${maxBytes} bytes` }],
        });
      }
    });
  };
  return [
    route({
      method: 'post',
      path: '/insert',
      summary: 'Insert text; processing runs in the background',
      tag: 'ingest',
      auth: true,
      body: schemas.insertRequest,
      errors: [413],
      response: out.insertResponse,
      handle: async ({ c, auth, body }) => {
        checkSize([body]);
        const [job] = await engine.knowledgeBase(auth).insert([body]);
        return c.json({ success: true, job_id: job?.id ?? '', message: 'Accepted: the document is queued for processing' });
      },
    }),
    route({
      method: 'post',
      path: '/insert/bulk',
      summary: 'Insert up to 1,000 documents; each becomes its own job',
      tag: 'ingest',
      auth: true,
      body: schemas.bulkInsertRequest,
      errors: [413],
      response: out.bulkInsertResponse,
      handle: async ({ c, auth, body }) => {
        checkSize(body.documents);
        const jobs = await engine.knowledgeBase(auth).insert(body.documents);
        return c.json({ success: true, job_ids: jobs.map((j) => j.id), message: `Accepted: ${jobs.length} documents queued` });
      },
    }),
    route({
      method: 'get',
      path: '/job-status/{job_id}',
      summary: 'Status of an insert job',
      tag: 'ingest',
      auth: true,
      errors: [404],
      response: out.jobStatus,
      handle: async ({ c, auth, params }) => c.json(jobOut(await engine.knowledgeBase(auth).getJob(params.job_id ?? ''))),
    }),
    route({
      method: 'get',
      path: '/jobs',
      summary: 'Recent insert and upload jobs, newest first',
      tag: 'ingest',
      auth: true,
      query: schemas.limitParam,
      response: out.jobList,
      handle: async ({ c, auth, query }) => c.json({ jobs: (await engine.knowledgeBase(auth).listRecentJobs(query.limit)).map(jobOut) }),
    }),
  ];
}
