import type { UploadRecord } from '../model';
import type { FileParser, ParseOptions } from '../parse/types';
import { draftsFromBlocks } from './chunk-drafts';
import type { DocumentSource } from './ingest-document';

/** An uploaded file: parsed when the job runs, titled by the file unless the file names itself. */
export function uploadSource(upload: UploadRecord, bytes: Uint8Array, parser: FileParser, options: ParseOptions): DocumentSource {
  let title = upload.filename;
  return {
    kind: 'upload',
    get title() {
      return title;
    },
    tags: [],
    metadata: { filename: upload.filename },
    mimeType: upload.mimeType,
    byteSize: upload.byteSize,
    memory: upload.saveToMemory,
    uploadId: upload.id,
    async load(chunking) {
      const parsed = await parser.parse(bytes, options);
      if (parsed.title) title = parsed.title;
      return { ...draftsFromBlocks(parsed.blocks, chunking), structuredFacts: parsed.structuredFacts };
    },
  };
}
