import { z } from 'zod';
import type { RequestLimits } from './limits';

const timestamp = z.string().meta({ description: 'ISO 8601 UTC', example: '2026-01-31T12:00:00.000Z' });
const globs = z.array(z.string().min(1).max(500)).max(100);

/** Watched folders (local owner only): requests and responses, as in api-decisions.md "Watched folders". */
export function createFolderSchemas(limits: RequestLimits) {
  const addFolder = z
    .object({
      path: z.string().min(1).meta({ description: 'Absolute path of a directory on the server\'s disk' }),
      include: globs.optional().meta({ description: 'Globs relative to the folder; only matching files are indexed' }),
      exclude: globs.optional().meta({ description: 'Globs relative to the folder; matching files and directories are skipped' }),
      tags: z.array(z.string().max(limits.maxTagChars)).max(limits.maxTags).optional().meta({ description: 'Tags given to every document of the folder' }),
    })
    .meta({ id: 'AddFolderRequest' });
  const removeParams = z.object({
    keep_documents: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true')
      .meta({ description: 'true: the documents stay, as ordinary documents' }),
  });
  return { addFolder, removeParams };
}

export const folderSchema = z
  .object({
    folder_id: z.string(),
    path: z.string(),
    status: z.enum(['scanning', 'watching', 'error']),
    files_total: z.number().int(),
    files_indexed: z.number().int(),
    files_pending: z.number().int(),
    files_failed: z.number().int(),
    files_skipped: z.number().int(),
    last_scan_at: timestamp.nullable(),
    error: z.string().optional(),
  })
  .meta({ id: 'Folder' });

export const folderFileSchema = z
  .object({
    path: z.string(),
    status: z.enum(['pending', 'indexed', 'failed', 'skipped']),
    document_id: z.string().optional(),
    reason: z.string().optional(),
  })
  .meta({ id: 'FolderFile' });

export const folderResult = z.object({ success: z.literal(true), folder: folderSchema }).meta({ id: 'FolderResult' });
export const folderList = z.object({ folders: z.array(folderSchema) }).meta({ id: 'FolderList' });
export const folderDetail = z
  .object({ folder: folderSchema, files: z.array(folderFileSchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() })
  .meta({ id: 'FolderDetail' });

export type FolderOut = z.infer<typeof folderSchema>;
export type FolderFileOut = z.infer<typeof folderFileSchema>;
