import { z } from 'zod';
import type { Engine } from '../../../core/engine';
import { KbError, invalid } from '../../../core/errors';
import type { UploadRecord } from '../../../core/model';
import { route, type AnyRouteSpec } from '../route-spec';

const uploadForm = z
  .object({
    file: z.string().meta({ format: 'binary', description: 'The file: PDF, CSV, plain text, Markdown or DOCX' }),
    save_to_memory: z.enum(['true', 'false']).optional().meta({ description: 'false: only reachable through conversation_upload_ids' }),
    password: z.string().optional().meta({ description: 'For an encrypted PDF' }),
  })
  .meta({ id: 'UploadForm' });

const uploadResponse = z
  .object({ success: z.boolean(), upload_id: z.string(), filename: z.string(), status: z.literal('processing'), message: z.string() })
  .meta({ id: 'UploadResponse' });

const uploadStatus = z
  .object({
    upload_id: z.string(),
    status: z.enum(['processing', 'completed', 'failed']),
    filename: z.string(),
    facts_extracted: z.number().int(),
    chunks_created: z.number().int(),
    document_id: z.string().optional(),
    job_id: z.string().meta({ description: 'The ingest job: GET /job-status/{job_id} gives its stage and progress' }),
    error_details: z.object({ code: z.string(), message: z.string(), stage: z.string() }).optional(),
  })
  .meta({ id: 'UploadStatus' });

const statusOut = (u: UploadRecord) => ({
  upload_id: u.id,
  status: u.status,
  filename: u.filename,
  facts_extracted: u.factsExtracted,
  chunks_created: u.chunksCreated,
  job_id: u.jobId,
  ...(u.status === 'completed' && u.documentId ? { document_id: u.documentId } : {}),
  ...(u.status === 'failed' && u.errorDetails ? { error_details: u.errorDetails } : {}),
});

/** A file name safe to show and store: no folders, no control characters. */
function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/u).at(-1) ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/gu, '').trim().slice(0, 255);
  return clean.length > 0 ? clean : 'upload';
}

export function uploadRoutes(engine: Engine): AnyRouteSpec[] {
  return [
    route({
      method: 'post',
      path: '/upload',
      summary: 'Upload a file (multipart form field "file"); it is parsed and ingested in the background',
      tag: 'ingest',
      auth: true,
      form: uploadForm,
      maxBodyBytes: engine.config.limits.maxUploadBytes + 64 * 1024,
      errors: [413, 415],
      response: uploadResponse,
      handle: async ({ c, auth }) => {
        const form = await c.req.parseBody().catch((error: unknown) => {
          throw new KbError('invalid_request', 'the body must be multipart/form-data with a "file" field', { cause: error });
        });
        const file = form.file;
        if (!(file instanceof File)) throw invalid('file', 'required', 'file: required (a multipart file field named "file")');
        const flag = typeof form.save_to_memory === 'string' ? form.save_to_memory.trim().toLowerCase() : 'true';
        if (flag !== 'true' && flag !== 'false') throw invalid('save_to_memory', 'must be "true" or "false"');
        if (file.size > engine.config.limits.maxUploadBytes) {
          throw new KbError('payload_too_large', `file is over the ${engine.config.limits.maxUploadBytes}-byte upload limit`);
        }
        const upload = await engine.knowledgeBase(auth).upload(
          { bytes: new Uint8Array(await file.arrayBuffer()), filename: cleanFilename(file.name), declaredType: file.type || null },
          flag === 'true',
          typeof form.password === 'string' && form.password.length > 0 ? form.password : undefined,
        );
        return c.json({ success: true, upload_id: upload.id, filename: upload.filename, status: 'processing', message: 'Accepted: the file is queued for processing' });
      },
    }),
    route({
      method: 'get',
      path: '/upload/{upload_id}/status',
      summary: 'Status of an upload (done is an alias of completed; this server writes completed)',
      tag: 'ingest',
      auth: true,
      errors: [404],
      response: uploadStatus,
      handle: async ({ c, auth, params }) => c.json(statusOut(await engine.knowledgeBase(auth).getUpload(params.upload_id ?? ''))),
    }),
  ];
}
