import type { FileParser } from '../parse/types';
import type { DocumentSource } from '../ingest/ingest-document';
import { newUploadRecord, uploadSource } from '../ingest/upload-source';
import { nowIso } from '../ids';

export interface FolderFile {
  name: string;
  mimeType: string;
  bytes: Uint8Array;
  tags: string[];
  /** The document the file's previous content is stored as, replaced under the same id. */
  replaces: string | null;
}

/** A watched file: parsed and titled exactly as an upload of it would be, kept as a folder document. */
export function folderFileSource(file: FolderFile, parser: FileParser, signal: AbortSignal): DocumentSource {
  const asUpload = newUploadRecord({ id: '', jobId: '', filename: file.name, mimeType: file.mimeType, byteSize: file.bytes.byteLength, saveToMemory: true }, nowIso());
  const upload = uploadSource(asUpload, file.bytes, parser, { signal });
  return {
    kind: 'folder',
    // Read when ingest asks: the parse may find the document's own title.
    get title() {
      return upload.title;
    },
    get metadata() {
      return upload.metadata;
    },
    tags: file.tags,
    mimeType: file.mimeType,
    byteSize: file.bytes.byteLength,
    memory: true,
    uploadId: null,
    replaces: file.replaces,
    load: (chunking) => upload.load(chunking),
  };
}
