import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { Engine } from '../../../core/engine';
import { KbError, invalid } from '../../../core/errors';
import { route, type AnyRouteSpec } from '../route-spec';

export const BACKUP_MEDIA_TYPE = 'application/vnd.sqlite3';

const restoreForm = z
  .object({ file: z.string().meta({ format: 'binary', description: 'A file made by GET /backup (any earlier release too)' }) })
  .meta({ id: 'RestoreForm' });

const restoreResponse = z
  .object({ success: z.boolean(), message: z.string(), documents: z.number().int(), resumed_jobs: z.number().int() })
  .meta({ id: 'RestoreResponse' });

/** Streams the snapshot and removes it once sent (or once the client goes away). */
function sendFile(file: string, folder: string, filename: string): Response {
  const stream = createReadStream(file);
  stream.on('close', () => void rm(folder, { recursive: true, force: true }));
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
    headers: { 'content-type': BACKUP_MEDIA_TYPE, 'content-disposition': `attachment; filename="${filename}"`, 'cache-control': 'no-store' },
  });
}

/** The whole knowledge base of the caller's account, out to one file and back in. */
export function backupRoutes(engine: Engine): AnyRouteSpec[] {
  const maxRestoreBytes = engine.config.limits.maxUploadBytes * 4;
  return [
    route({
      method: 'get',
      path: '/backup',
      summary: "The caller's whole knowledge base (documents, chunks, vectors, graph, conversations, jobs) as one SQLite file: a consistent snapshot, taken while writes go on",
      tag: 'backup',
      auth: true,
      download: BACKUP_MEDIA_TYPE,
      response: z.string(),
      handle: async ({ auth }) => {
        // Private to this user (mkdtemp makes the folder 0700): the snapshot holds the whole knowledge base.
        const folder = await mkdtemp(join(tmpdir(), 'kb-backup-'));
        const file = join(folder, 'kb.sqlite');
        try {
          await engine.backup(auth, file);
        } catch (error) {
          await rm(folder, { recursive: true, force: true });
          throw error;
        }
        return sendFile(file, folder, `knowledge-desk-${new Date().toISOString().slice(0, 10)}.kb.sqlite`);
      },
    }),
    route({
      method: 'post',
      path: '/restore',
      summary: 'Restores a backup (multipart field "file") into the caller\'s knowledge base, which must be empty (409 otherwise); unfinished jobs in it resume',
      tag: 'backup',
      auth: true,
      form: restoreForm,
      maxBodyBytes: maxRestoreBytes + 64 * 1024,
      errors: [409, 413],
      response: restoreResponse,
      handle: async ({ c, auth }) => {
        const form = await c.req.parseBody().catch((error: unknown) => {
          throw new KbError('invalid_request', 'send the backup as multipart/form-data in a field named "file"', { cause: error });
        });
        const backup = form.file;
        if (!(backup instanceof File)) throw invalid('file', 'required', 'file: required (the backup file made by GET /backup)');
        if (backup.size > maxRestoreBytes) throw new KbError('payload_too_large', `backup is over the ${maxRestoreBytes}-byte restore limit`);
        await engine.restore(auth, new Uint8Array(await backup.arrayBuffer()));
        const kb = engine.knowledgeBase(auth);
        const [{ total }, jobs] = await Promise.all([kb.listDocuments({ limit: 1, offset: 0 }), kb.store.listUnfinishedJobs()]);
        return c.json({ success: true, message: 'Restored', documents: total, resumed_jobs: jobs.length });
      },
    }),
  ];
}
