import type { JsonObject, UploadRecord } from '../model';
import type { FileParser, ParsedDocument, ParseOptions } from '../parse/types';
import { draftsFromBlocks } from './chunk-drafts';
import type { DocumentSource } from './ingest-document';

/**
 * What the parse found out that a reader of the document should be able to see: how many pages,
 * which were read by OCR (so a citation from them is known to be machine-read), and the warnings
 * (pages skipped, unreadable, past a limit).
 */
function parseNotes(parsed: ParsedDocument): JsonObject {
  const ocrPages = [...new Set(parsed.blocks.filter((b) => b.ocr && b.page !== undefined).map((b) => b.page))];
  return {
    ...(parsed.pages === undefined ? {} : { pages: parsed.pages }),
    ...(ocrPages.length > 0 ? { ocr_pages: ocrPages } : {}),
    ...(parsed.warnings.length > 0 ? { warnings: parsed.warnings } : {}),
  };
}

/** An uploaded file: parsed when the job runs, titled by the file unless the file names itself. */
export function uploadSource(upload: UploadRecord, bytes: Uint8Array, parser: FileParser, options: ParseOptions): DocumentSource {
  let title = upload.filename;
  let notes: JsonObject = {};
  return {
    kind: 'upload',
    get title() {
      return title;
    },
    tags: [],
    get metadata() {
      return { filename: upload.filename, ...notes };
    },
    mimeType: upload.mimeType,
    byteSize: upload.byteSize,
    memory: upload.saveToMemory,
    uploadId: upload.id,
    async load(chunking) {
      const parsed = await parser.parse(bytes, options);
      if (parsed.title) title = parsed.title;
      notes = parseNotes(parsed);
      return { ...draftsFromBlocks(parsed.blocks, chunking), structuredFacts: parsed.structuredFacts };
    },
  };
}

/** The record of an upload that has just arrived and is about to be parsed. */
export function newUploadRecord(file: { id: string; jobId: string; filename: string; mimeType: string; byteSize: number; saveToMemory: boolean }, at: string): UploadRecord {
  return { ...file, status: 'processing', documentId: null, factsExtracted: 0, chunksCreated: 0, errorDetails: null, createdAt: at, updatedAt: at };
}
